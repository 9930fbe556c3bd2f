"""One `lookahead worker` process and its JSON-lines conversation (Docs/Distributed.md).

The worker loads the tune's data once and answers one JSON line per request line. This module
knows nothing about Ray: the Ray actors in `search.py` each hold one `WorkerProcess`, and the
driver uses one locally to fetch the plan.
"""

import json
import os
import subprocess


class WorkerLost(RuntimeError):
    """The worker process ended (killed, crashed) before answering: the trial must be retried."""


class WorkerRefused(RuntimeError):
    """The worker answered with an error line: the request itself is wrong (not retried).
    `field` is the request field it names (None: the line as a whole), `detail` the worker's
    own words."""

    def __init__(self, message, field=None, detail=None):
        super().__init__(message)
        self.field = field
        self.detail = detail


class WorkerProcess:
    """A `lookahead worker TUNE_OPTIONS` child process, started on first use and restarted
    after it is lost."""

    def __init__(self, lookahead, tune_options, cwd=None, env=None):
        self.command = [lookahead, "worker", *tune_options]
        self.cwd = cwd
        self.env = env
        self.process = None
        self.next_id = 0

    def start(self):
        """Starts the process if it is not running; returns its pid."""
        if self.process is None or self.process.poll() is not None:
            environment = dict(os.environ)
            environment.update(self.env or {})
            self.process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=self.cwd,
                env=environment, text=True, bufsize=1)
        return self.process.pid

    @property
    def pid(self):
        return self.process.pid if self.process else None

    def ask(self, request):
        """Sends one request (a dict) and returns the answer (a dict).

        Raises WorkerLost when the process is gone (it is restarted on the next call) and
        WorkerRefused when it answers with an error line.
        """
        self.start()
        self.next_id += 1
        request = dict(request, id=self.next_id)
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except (BrokenPipeError, OSError) as error:
            line = ""
            reason = str(error)
        else:
            reason = "its output ended"
        if not line.endswith("\n"):
            code = self.process.wait()
            self.process = None
            raise WorkerLost(f"lookahead worker ended (exit status {code}) before answering: {reason}")
        answer = json.loads(line)
        if "error" in answer:
            field = f", field {answer['field']}" if "field" in answer else ""
            raise WorkerRefused(
                f"lookahead worker refused request line {answer.get('line')}{field}: {answer['error']}", answer.get("field"), answer["error"])
        if answer.get("id") != self.next_id:
            raise WorkerRefused(f"lookahead worker answered request {answer.get('id')} to request {self.next_id}")
        return answer

    def close(self):
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait()
            self.process = None
