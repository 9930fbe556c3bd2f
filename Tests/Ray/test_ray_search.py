"""A `lookahead tune` search on a two-node Ray cluster writes the journal `lookahead tune` writes
(Docs/Distributed.md): same trials, same points, same scores, to the text of every trial line,
also when a worker process is killed mid-search and when the driver is interrupted and resumed."""

import json
import os
import signal
import subprocess
import sys
import time

from conftest import REPOSITORY
from lookahead_ray import RaySearch

# A cross-fitted search: two folds and the final search, three lhs trials each.
OPTIONS = [
    "--predictor", "kalman:measurement-noise=3", "--params", "process-noise", "--split", "kfold=2,seed=1",
    "--strategy", "lhs", "--trials", "3", "--seed", "5", "Henze2017-MobileHCI",
]
SUFFIXES = [".fold1", ".fold2", ""]


def run_cli(lookahead, *arguments):
    result = subprocess.run([lookahead, *arguments], cwd=REPOSITORY, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


def journal_lines(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read().split("\n")


def without_command_line(header_line):
    header = json.loads(header_line)
    header["provenance"].pop("commandLine")
    return header


def assert_same_journals(ray_journal, tune_journal):
    for suffix in SUFFIXES:
        ours, theirs = journal_lines(ray_journal + suffix), journal_lines(tune_journal + suffix)
        assert len(ours) == len(theirs) == 5, suffix  # header, three trials, the final newline
        assert without_command_line(ours[0]) == without_command_line(theirs[0]), suffix
        assert ours[1:] == theirs[1:], f"trial lines of {suffix or 'the final search'}"


def tune_journal(lookahead, directory):
    path = str(directory / "tune.jsonl")
    if not os.path.exists(path):
        run_cli(lookahead, "tune", *OPTIONS, "--journal", path, "--quiet")
    return path


def test_search_on_two_nodes_gives_the_tune_journal(lookahead, cluster, tmp_path_factory):
    directory = tmp_path_factory.getbasetemp()
    reference = tune_journal(lookahead, directory)
    journal = str(directory / "ray.jsonl")
    summary = RaySearch(OPTIONS, journal, lookahead=lookahead, cwd=REPOSITORY).run()
    assert summary["workers"] == 2 and summary["nodes"] == 2, summary
    assert [s["trials"] for s in summary["searches"]] == [3, 3, 3]
    assert_same_journals(journal, reference)

    # lookahead tune resumes it (no new trial, same lines) and writes its outputs; export reads it.
    before = [journal_lines(journal + s) for s in SUFFIXES]
    out = directory / "best.json"
    run_cli(lookahead, "tune", *OPTIONS, "--journal", journal, "--out", str(out), "--quiet")
    assert [journal_lines(journal + s) for s in SUFFIXES] == before
    best = json.loads((directory / "best.tune.json").read_text())
    assert best["bestConfiguration"]
    run_cli(lookahead, "export", "--from-tune", journal, "-o", str(directory / "best.model"))
    report = directory / "report.md"
    run_cli(lookahead, "report", journal, "-o", str(report))
    assert "kalman" in report.read_text()


def test_worker_killed_mid_search_loses_no_trial(lookahead, cluster, tmp_path_factory):
    directory = tmp_path_factory.getbasetemp()
    reference = tune_journal(lookahead, directory)
    journal = str(directory / "killed.jsonl")
    killed = []

    def kill_a_busy_worker(search, label, index):
        if killed:
            return
        busy = sorted({a for a, _ in search.in_flight.values()})
        assert busy, "a worker should be scoring when the first trial is journaled"
        pid = search.pids[busy[0]]
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    search = RaySearch(OPTIONS, journal, lookahead=lookahead, cwd=REPOSITORY, on_trial=kill_a_busy_worker)
    summary = search.run()
    # The kill lands either mid-trial (the trial is retried) or just after the worker answered and
    # before the driver saw it (the next request starts the worker again): which one is a race with
    # the worker's answer. Either way the killed process is replaced and no trial is lost; the
    # retry itself is checked deterministically in test_journal_and_worker.py.
    assert killed and summary["restarts"] >= 1, summary
    assert killed[0] not in search.pids.values(), summary
    assert_same_journals(journal, reference)


def test_interrupted_driver_resumes_from_the_journal(lookahead, cluster, tmp_path_factory):
    directory = tmp_path_factory.getbasetemp()
    reference = tune_journal(lookahead, directory)
    journal = str(directory / "resumed.jsonl")
    # What a driver killed mid-search leaves: the first fold done, the second with one trial and
    # half a line, the final search not started.
    for suffix, keep in [(".fold1", 4), (".fold2", 2)]:
        lines = journal_lines(reference + suffix)
        text = "\n".join(lines[:keep]) + "\n" + lines[keep][: len(lines[keep]) // 2]
        with open(journal + suffix, "w", encoding="utf-8") as handle:
            handle.write(text)
    summary = RaySearch(OPTIONS, journal, lookahead=lookahead, cwd=REPOSITORY).run()
    assert [s["resumed"] for s in summary["searches"]] == [3, 1, 0], summary
    assert_same_journals(journal, reference)


def test_killed_driver_restarted_resumes(lookahead, cluster, tmp_path_factory):
    directory = tmp_path_factory.getbasetemp()
    reference = tune_journal(lookahead, directory)
    journal = str(directory / "driver.jsonl")
    command = [sys.executable, "-m", "lookahead_ray", "--address", cluster.address, "--lookahead", lookahead,
               "--journal", journal, "--", *OPTIONS]
    with open(directory / "driver.log", "w") as log:
        driver = subprocess.Popen(command, cwd=REPOSITORY, stdout=log, stderr=log)
        deadline = time.monotonic() + 150
        while driver.poll() is None and time.monotonic() < deadline:
            if os.path.exists(journal + ".fold1") and len(journal_lines(journal + ".fold1")) >= 3:
                break  # the header and the first trial are on file
            time.sleep(0.05)
        driver.kill()
        assert driver.wait() == -signal.SIGKILL, "the driver should be killed mid-search"
    done = sum(len(journal_lines(journal + s)) - 2 for s in SUFFIXES if os.path.exists(journal + s))
    assert 1 <= done < 9
    restarted = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True)
    assert restarted.returncode == 0, restarted.stderr
    summary = json.loads(restarted.stdout.splitlines()[-1])
    assert sum(s["resumed"] for s in summary["searches"]) == done
    assert_same_journals(journal, reference)
