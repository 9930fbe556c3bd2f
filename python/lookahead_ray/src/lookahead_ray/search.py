"""A `lookahead tune` search on Ray: plain actors, one `lookahead worker` process each.

Why actors and not Ray Tune (Docs/Distributed.md): the journal must be the one `lookahead tune`
writes — same trials, same points, same scores — so the search strategy has to be Lookahead's own
seeded one, not one of Ray Tune's. The Swift side therefore plans the trials (`{"op":"plan"}`:
every search of the tune with its journal header and, for grid and lhs, every trial point), and
Ray only spreads the scoring: one actor per core on every node, each holding one long-lived worker
process that loaded the data once. The driver alone writes the journals, in trial order.
"""

import collections
import json
import os
import shutil
import time

import ray

from .journal import Journal, resumable
from .worker import WorkerLost, WorkerProcess


@ray.remote(num_cpus=1)
class TrialActor:
    """Holds one `lookahead worker` process on the node Ray placed this actor on."""

    def __init__(self, lookahead, tune_options, cwd, env):
        self.worker = WorkerProcess(lookahead, tune_options, cwd=cwd, env=env)

    def start(self):
        """Starts the worker and waits until it has loaded the data (its first answer, the plan);
        returns its pid, this actor's node id and the journal headers it planned (which name the
        SHA-256 of every file it read)."""
        plan = self.worker.ask({"op": "plan"})["plan"]
        headers = [search["headerLine"] for search in plan["searches"]]
        return self.worker.pid, ray.get_runtime_context().get_node_id(), headers

    def score(self, search, index):
        """Trial `index` of `search`: its journal line, and the pid of the process that scored it."""
        answer = self.worker.ask({"search": search, "index": index})
        return {"journalLine": answer["journalLine"], "pid": self.worker.pid}

    def stop(self):
        self.worker.close()


class WorkerDataDiffers(RuntimeError):
    """A worker planned other journal headers than the driver: it read other files under the
    same paths."""


class TrialAbandoned(RuntimeError):
    """A trial lost its worker too many times; the journals hold every trial finished before it."""


class RaySearch:
    """One distributed search. `run()` fills the journals; progress is in the attributes, so a
    test's `on_trial` callback can see which actors are busy and with which worker pid."""

    def __init__(self, tune_options, journal, lookahead="lookahead", workers=None, attempts=3,
                 cwd=None, env=None, on_trial=None):
        self.tune_options = list(tune_options)
        self.journal_path = journal
        found = shutil.which(lookahead)
        if found is None:
            raise FileNotFoundError(f"{lookahead}: no such lookahead binary (give --lookahead PATH)")
        self.lookahead = os.path.abspath(found)
        self.requested_workers = workers
        self.attempts = attempts
        self.cwd = os.path.abspath(cwd or os.getcwd())
        self.env = dict(env or {})
        for name in ("LOOKAHEAD_SHARED_DATASETS", "LOOKAHEAD_DATASETS"):
            if name in os.environ and name not in self.env:
                self.env[name] = os.environ[name]
        self.on_trial = on_trial
        self.actors = []
        self.pids = {}  # actor index -> pid of its worker process (as last known)
        self.nodes = {}  # actor index -> node id
        self.in_flight = {}  # object ref -> (actor index, (search index, trial index))
        self.retries = 0
        self.restarts = 0  # worker processes found ended and started again (a new pid for an actor)
        self.journals = []
        self.seconds = {}  # plan, start (workers loaded), search (first dispatch to last trial)

    def plan(self):
        """The tune's searches, from a worker run here on the driver."""
        planner = WorkerProcess(self.lookahead, self.tune_options, cwd=self.cwd, env=self.env)
        try:
            return planner.ask({"op": "plan"})["plan"]
        finally:
            planner.close()

    def _start_actor(self):
        actor = TrialActor.options(scheduling_strategy="SPREAD").remote(
            self.lookahead, self.tune_options, self.cwd, self.env)
        return actor

    def run(self):
        started = time.monotonic()
        plan = self.plan()
        self.seconds["plan"] = time.monotonic() - started
        self.journals = [
            Journal(self.journal_path + search["journalSuffix"], search["headerLine"], search["trials"])
            for search in plan["searches"]]
        labels = [search["label"] for search in plan["searches"]]
        for journal in self.journals:
            journal.lock()
        try:
            resumed = [journal.open() for journal in self.journals]
            queue = collections.deque(
                (s, i) for s, journal in enumerate(self.journals) for i in range(journal.done, len(journal.trials)))
            if queue:
                self._score(queue, labels)
            return {
                "searches": [
                    {"label": label, "journal": journal.path, "trials": journal.done, "resumed": count}
                    for label, journal, count in zip(labels, self.journals, resumed)],
                "workers": len(self.actors), "nodes": len(set(self.nodes.values())), "retries": self.retries,
                "restarts": self.restarts,
                "seconds": {name: round(value, 3) for name, value in self.seconds.items()}}
        finally:
            for actor in self.actors:
                try:
                    ray.get(actor.stop.remote(), timeout=30)
                except Exception:  # a dead actor has nothing left to stop
                    pass
            for journal in self.journals:
                journal.unlock()

    def _score(self, queue, labels):
        cores = int(ray.cluster_resources().get("CPU", 1))
        count = min(self.requested_workers or cores, cores, len(queue))
        started = time.monotonic()
        self.actors = [self._start_actor() for _ in range(count)]
        for a, started_actor in enumerate(ray.get([actor.start.remote() for actor in self.actors])):
            self._check_started(a, started_actor)
        self.seconds["start"] = time.monotonic() - started
        started = time.monotonic()
        idle = list(range(count))
        finished = [dict() for _ in self.journals]  # search -> {trial index: line} not yet journaled
        attempts = collections.Counter()
        while queue or self.in_flight:
            while idle and queue:
                a = idle.pop(0)
                s, i = queue.popleft()
                self.in_flight[self.actors[a].score.remote(labels[s], i)] = (a, (s, i))
            ready, _ = ray.wait(list(self.in_flight), num_returns=1)
            for ref in ready:
                a, task = self.in_flight.pop(ref)
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayActorError:
                    # The actor (or its node) died: a new actor takes its place.
                    self.actors[a] = self._start_actor()
                    self._check_started(a, ray.get(self.actors[a].start.remote()))
                    self._retry(task, queue, attempts, labels, "its Ray actor died")
                    idle.append(a)
                    continue
                except ray.exceptions.RayTaskError as error:
                    if not isinstance(error, WorkerLost) and not isinstance(getattr(error, "cause", None), WorkerLost):
                        raise
                    self._retry(task, queue, attempts, labels, "its worker process ended")
                    idle.append(a)
                    continue
                if result["pid"] != self.pids.get(a):
                    # Its worker was killed or crashed, during a trial (retried above) or between
                    # trials (started again by the next request, no trial lost).
                    self.restarts += 1
                self.pids[a] = result["pid"]
                idle.append(a)
                s, i = task
                finished[s][i] = result["journalLine"]
                journal = self.journals[s]
                while journal.done in finished[s]:
                    index = journal.done
                    journal.append(finished[s].pop(index))
                    if self.on_trial:
                        self.on_trial(self, labels[s], index)
        self.seconds["search"] = time.monotonic() - started

    def _check_started(self, a, started):
        """Records actor `a`'s worker and node; refuses a worker whose headers differ from the plan's."""
        pid, node, headers = started
        self.pids[a], self.nodes[a] = pid, node
        for header, journal in zip(headers, self.journals):
            if resumable(json.loads(header)) != resumable(json.loads(journal.header_line)):
                raise WorkerDataDiffers(
                    f"the worker on node {node} planned another journal header than the driver for {journal.path} "
                    "(other dataset files under the same paths: their SHA-256 differ); give every node the same files")

    def _retry(self, task, queue, attempts, labels, reason):
        attempts[task] += 1
        s, i = task
        if attempts[task] >= self.attempts:
            raise TrialAbandoned(
                f"trial {i} of search {labels[s]} was tried {attempts[task]} times and {reason} each time; "
                f"the journals hold every trial finished before it: run again to resume")
        self.retries += 1
        queue.appendleft(task)
