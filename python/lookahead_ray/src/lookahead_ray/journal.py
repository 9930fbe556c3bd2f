"""The `lookahead tune` journal, written from the driver exactly as `tune` writes it.

Same file, same lines (Docs/Tuning.md, "Journal and resume"): a header line, then one trial line
per finished trial in trial order, each appended and fsynced as it is known; the header (and the
rewrite that drops a cut-off last line) goes through a temporary file, fsync and rename; the same
advisory `flock` on `JOURNAL.lock`, so a `lookahead tune` and this driver never interleave on one
journal. The line texts come from `lookahead worker` (Swift's own encoder), never re-encoded here.
"""

import fcntl
import json
import os
import tempfile


class JournalMismatch(RuntimeError):
    pass


class JournalBusy(RuntimeError):
    pass


def resumable(header):
    """The header without what a resumed run may change: its command line and version
    (the same rule as Swift's `TuningJournal.Header.resumes`)."""
    header = json.loads(json.dumps(header))
    provenance = header.get("provenance")
    if isinstance(provenance, dict):
        provenance.pop("commandLine", None)
        provenance.pop("version", None)
    return header


def _write_atomically(path, text):
    directory = os.path.dirname(os.path.abspath(path))
    descriptor, temporary = tempfile.mkstemp(dir=directory, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    directory_descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(directory_descriptor)
    finally:
        os.close(directory_descriptor)


class Journal:
    """One search's journal: `path`, the plan's `header_line` and the `trials` planned ahead;
    `adaptive` when the strategy chooses trials after those from the scores (their points are
    checked by the worker's `next` op, not here)."""

    def __init__(self, path, header_line, trials, adaptive=False):
        self.path = path
        self.header_line = header_line
        self.trials = trials
        self.adaptive = adaptive
        self.lock_descriptor = None
        self.done = 0  # trials on file, in order
        self.records = []  # those trials' records (what the worker's `next` op is given)

    def lock(self):
        """Takes `JOURNAL.lock` as `tune` does: a stale file (a killed run's) holds no lock; a file
        removed by the run that held it (`tune` and `unlock` remove it when they end) is let go
        and the lock taken again on the file the path names now."""
        lock_path = self.path + ".lock"
        for _ in range(100):
            descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(descriptor)
                raise JournalBusy(
                    f"{self.path} is in use by another tune (its lock {lock_path} is held by a running process); "
                    "wait for that tune to finish, or use another --journal path (the lock is released when that "
                    "process ends, even if it is killed, so there is nothing to delete)") from None
            if _same_file(descriptor, lock_path):
                self.lock_descriptor = descriptor
                return
            os.close(descriptor)
        raise OSError(f"{lock_path}: cannot lock the journal: its lock file keeps being removed and created")

    def unlock(self):
        if self.lock_descriptor is not None:
            lock_path = self.path + ".lock"
            if _same_file(self.lock_descriptor, lock_path):
                os.unlink(lock_path)  # removed while still held, as `tune` does
            os.close(self.lock_descriptor)
            self.lock_descriptor = None

    def open(self):
        """Starts the journal, or resumes it: checks its header against the plan's and its
        trials against the planned points, drops a cut-off last line. Returns how many trials
        are already done."""
        if not os.path.exists(self.path):
            _write_atomically(self.path, self.header_line + "\n")
            self.done, self.records = 0, []
            return 0
        with open(self.path, encoding="utf-8") as handle:
            text = handle.read()
        lines = text.split("\n")
        cut_off = bool(lines[-1])  # a last line without its newline was cut off mid-write
        lines = [line for line in lines[:-1] if line]
        if not lines:
            raise JournalMismatch(f"{self.path}:1: the journal has no header line")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError as error:
            raise JournalMismatch(f"{self.path}:1: not a tuning journal header ({error})") from None
        if resumable(header) != resumable(json.loads(self.header_line)):
            raise JournalMismatch(
                f"{self.path}: this journal belongs to a different tune (header differs); use another "
                "--journal path, or delete it to start afresh")
        kept = []
        for number, line in enumerate(lines[1:], start=2):
            try:
                trial = json.loads(line)
            except json.JSONDecodeError as error:
                raise JournalMismatch(f"{self.path}:{number}: not a trial record ({error})") from None
            index = len(kept)
            planned = index < len(self.trials)
            if trial.get("index") != index or (not planned and not self.adaptive) or (planned and not _same_point(
                    trial.get("unit"), self.trials[index]["unit"])):
                raise JournalMismatch(f"{self.path}:{number}: trial {trial.get('index')} was proposed at a different point")
            kept.append(line)
            self.records.append(trial)
        if cut_off:
            _write_atomically(self.path, "\n".join([lines[0], *kept]) + "\n")
        self.done = len(kept)
        return self.done

    def append(self, line):
        """Appends trial `self.done`'s line and syncs it to disk."""
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        self.done += 1
        self.records.append(json.loads(line))


def _same_point(a, b):
    return isinstance(a, list) and len(a) == len(b) and all(abs(x - y) <= 1e-12 for x, y in zip(a, b))


def _same_file(descriptor, path):
    """True when `path` names the file open as `descriptor` (same device and inode)."""
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    opened = os.fstat(descriptor)
    return (opened.st_dev, opened.st_ino) == (named.st_dev, named.st_ino)
