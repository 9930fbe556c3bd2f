"""The driver's journal rules and worker handling, without Ray: a journal of another tune or with a
trial at another point is refused naming it, a second driver on a journal is refused, a worker
whose planned headers name other data files is refused, and a worker process killed between
requests is reported as lost and started again on the next request."""

import json
import os
import signal

import pytest

from conftest import REPOSITORY
from lookahead_ray import (
    Journal, JournalBusy, JournalMismatch, RaySearch, WorkerDataDiffers, WorkerLost, WorkerProcess, WorkerRefused)

OPTIONS = [
    "--predictor", "kalman:measurement-noise=3", "--params", "process-noise", "--split", "holdout=0.25,seed=1",
    "--strategy", "lhs", "--trials", "2", "--seed", "5", "Henze2017-MobileHCI",
]


@pytest.fixture(scope="module")
def planned(lookahead):
    worker = WorkerProcess(lookahead, OPTIONS, cwd=REPOSITORY)
    try:
        search = worker.ask({"op": "plan"})["plan"]["searches"][0]
        trial = worker.ask({"search": "all", "index": 0})
    finally:
        worker.close()
    return search, trial["journalLine"]


def test_journal_of_another_tune_is_refused(planned, tmp_path):
    search, _ = planned
    header = json.loads(search["headerLine"])
    header["seed"] = 6
    path = tmp_path / "other.jsonl"
    path.write_text(json.dumps(header) + "\n")
    with pytest.raises(JournalMismatch, match="belongs to a different tune"):
        Journal(str(path), search["headerLine"], search["trials"]).open()


def test_trial_at_another_point_is_refused_with_its_line(planned, tmp_path):
    search, line = planned
    trial = json.loads(line)
    trial["unit"] = [0.123]
    path = tmp_path / "moved.jsonl"
    path.write_text(search["headerLine"] + "\n" + json.dumps(trial) + "\n")
    with pytest.raises(JournalMismatch, match=r"moved.jsonl:2: trial 0 was proposed at a different point"):
        Journal(str(path), search["headerLine"], search["trials"]).open()


def test_second_driver_on_a_journal_is_refused(planned, tmp_path):
    search, _ = planned
    path = str(tmp_path / "busy.jsonl")
    first = Journal(path, search["headerLine"], search["trials"])
    first.lock()
    try:
        with pytest.raises(JournalBusy, match="in use by another tune"):
            Journal(path, search["headerLine"], search["trials"]).lock()
    finally:
        first.unlock()


def test_worker_ending_mid_request_is_lost(tmp_path):
    # A stand-in worker that dies by SIGKILL as soon as it has read a request: the one way to end
    # a process mid-request deterministically (a real worker killed from outside may already be
    # gone before the request is sent, and is then restarted without a loss: the next test).
    dies = tmp_path / "dies-on-request"
    dies.write_text("#!/bin/sh\nread request\nkill -9 $$\n")
    dies.chmod(0o755)
    worker = WorkerProcess(str(dies), [])
    with pytest.raises(WorkerLost, match="exit status -9"):
        worker.ask({"search": "all", "index": 0})
    assert worker.pid is None


def test_killed_worker_is_restarted(lookahead, planned):
    _, line = planned
    worker = WorkerProcess(lookahead, OPTIONS, cwd=REPOSITORY)
    try:
        first_pid = worker.start()
        os.kill(first_pid, signal.SIGKILL)
        worker.process.wait()
        answer = worker.ask({"search": "all", "index": 0})
        assert worker.pid != first_pid
        assert answer["journalLine"] == line
        with pytest.raises(WorkerRefused, match="field index"):
            worker.ask({"search": "all", "index": 7})
    finally:
        worker.close()


def test_worker_that_read_other_files_is_refused(lookahead, planned, tmp_path):
    search, _ = planned
    driver = RaySearch(OPTIONS, str(tmp_path / "k.jsonl"), lookahead=lookahead, cwd=REPOSITORY)
    driver.journals = [Journal(str(tmp_path / "k.jsonl"), search["headerLine"], search["trials"])]
    driver._check_started(0, (1, "node-a", [search["headerLine"]]))  # the same data: accepted
    header = json.loads(search["headerLine"])
    header["provenance"]["datasets"][0]["files"][0]["sha256"] = "0" * 64
    with pytest.raises(WorkerDataDiffers, match="the worker on node node-b planned another journal header"):
        driver._check_started(1, (2, "node-b", [json.dumps(header)]))
