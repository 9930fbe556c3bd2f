"""The driver's journal rules and worker handling, without Ray: a journal of another tune or with a
trial at another point is refused naming it, a second driver on a journal is refused, a worker
whose planned headers name other data files is refused, and a worker process killed between
requests is reported as lost and started again on the next request; a resumed nelder-mead journal
with a trial its strategy would not choose is refused naming the line; shipped data arrives with
its bytes or is refused."""

import hashlib
import json
import os
import pathlib
import signal

import pytest

from conftest import NELDER_MEAD, REPOSITORY, tune_journal
from lookahead_ray import (
    Journal, JournalBusy, JournalMismatch, RaySearch, WorkerDataDiffers, WorkerLost, WorkerProcess, WorkerRefused)
from lookahead_ray.shipping import ShippingRefused, materialize, pack

OPTIONS = [
    "--predictor", "kalman:measurement-noise=3", "--params", "process-noise", "--split", "holdout=0.25,seed=1",
    "--strategy", "lhs", "--trials", "2", "--seed", "5", "Henze2017-MobileHCI:writer=participant1,participant2,participant3,participant4",
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
    started = {"pid": 1, "node": "node-a", "address": "127.0.0.1", "headers": [search["headerLine"]], "dataFolder": None}
    driver._check_started(0, started)  # the same data: accepted
    header = json.loads(search["headerLine"])
    header["provenance"]["datasets"][0]["files"][0]["sha256"] = "0" * 64
    with pytest.raises(WorkerDataDiffers, match="the worker on node node-b planned another journal header"):
        driver._check_started(1, dict(started, pid=2, node="node-b", headers=[json.dumps(header)]))


def test_resumed_adaptive_trial_at_another_point_is_refused_with_its_line(lookahead, tmp_path, tmp_path_factory):
    # A nelder-mead journal of `tune` whose third trial is moved: the planner's strategy, told the
    # first two, would choose another point, so the driver refuses before starting any actor.
    reference = tune_journal(lookahead, tmp_path_factory.getbasetemp(), NELDER_MEAD, "nelder-mead")
    journal = tmp_path / "nm.jsonl"
    lines = pathlib.Path(reference).read_text().split("\n")
    trial = json.loads(lines[3])
    trial["unit"] = [0.0 if trial["unit"][0] > 0.5 else 1.0]
    lines[3] = json.dumps(trial)
    journal.write_text("\n".join(lines))
    with pytest.raises(JournalMismatch, match=r"nm.jsonl:4: trial 2 was proposed at a different point"):
        RaySearch(NELDER_MEAD, str(journal), lookahead=lookahead, cwd=REPOSITORY).run()


def test_shipped_data_is_written_with_its_bytes_or_refused(tmp_path):
    dataset = tmp_path / "Some-Dataset"
    (dataset / "data").mkdir(parents=True)
    (dataset / "data" / "a.csv").write_bytes(b"t,x,y\n0,1,2\n")
    (dataset / "MANIFEST.sha256").write_text("whatever\n")
    manifest, contents = pack([{"reference": "Some-Dataset:a", "folder": str(dataset)}])
    assert manifest == {
        "Some-Dataset/MANIFEST.sha256": hashlib.sha256(b"whatever\n").hexdigest(),
        "Some-Dataset/data/a.csv": hashlib.sha256(b"t,x,y\n0,1,2\n").hexdigest()}
    folder = materialize(manifest, contents, root=str(tmp_path / "node"))
    assert (tmp_path / "node").joinpath(folder, "Some-Dataset", "data", "a.csv").read_bytes() == b"t,x,y\n0,1,2\n"
    assert materialize(manifest, contents, root=str(tmp_path / "node")) == folder  # one copy per node
    contents["Some-Dataset"]["data/a.csv"] = b"t,x,y\n0,1,3\n"
    with pytest.raises(ShippingRefused, match="Some-Dataset/data/a.csv arrived with other bytes"):
        materialize(manifest, contents, root=str(tmp_path / "other-node"))
    assert os.listdir(tmp_path / "other-node") == []  # nothing half-written left behind
    with pytest.raises(ShippingRefused, match="'traces/mine.csv' is a plain path"):
        pack([{"reference": "traces/mine.csv", "folder": None}])
