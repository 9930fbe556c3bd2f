"""A `lookahead tune` search on a two-node Ray cluster on the loopback address writes the journal
`lookahead tune` writes (Docs/Distributed.md): same trials, same points, same scores, to the text
of every trial line, for lhs, nelder-mead and lhs-nelder-mead, with the data at a shared path or
shipped through the object store, also when a worker process is killed mid-search and when the
driver is interrupted and resumed."""

import json
import os
import signal
import subprocess
import sys
import time

from conftest import NELDER_MEAD, REPOSITORY, run_cli, tune_journal
from lookahead_ray import RaySearch

# A cross-fitted search: two folds and the final search, three lhs trials each.
OPTIONS = [
    "--predictor", "kalman:measurement-noise=3", "--params", "process-noise", "--split", "kfold=2,seed=1",
    "--strategy", "lhs", "--trials", "3", "--seed", "5", "Henze2017-MobileHCI:writer=participant1,participant2,participant3,participant4",
]
SUFFIXES = [".fold1", ".fold2", ""]


def journal_lines(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read().split("\n")


def without_command_line(header_line):
    header = json.loads(header_line)
    header["provenance"].pop("commandLine")
    return header


def assert_same_journals(ray_journal, tune_journal, trials=3, suffixes=SUFFIXES):
    for suffix in suffixes:
        ours, theirs = journal_lines(ray_journal + suffix), journal_lines(tune_journal + suffix)
        assert len(ours) == len(theirs) == trials + 2, suffix  # header, the trials, the final newline
        assert without_command_line(ours[0]) == without_command_line(theirs[0]), suffix
        assert ours[1:] == theirs[1:], f"trial lines of {suffix or 'the final search'}"


def test_search_on_two_nodes_gives_the_tune_journal(lookahead, cluster, tmp_path_factory):
    directory = tmp_path_factory.getbasetemp()
    reference = tune_journal(lookahead, directory, OPTIONS, "tune")
    journal = str(directory / "ray.jsonl")
    summary = RaySearch(OPTIONS, journal, lookahead=lookahead, cwd=REPOSITORY).run()
    assert summary["workers"] == 2 and summary["nodes"] == 2, summary
    assert summary["nodeAddresses"] == ["127.0.0.1"], summary  # both nodes on loopback
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
    reference = tune_journal(lookahead, directory, OPTIONS, "tune")
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
    reference = tune_journal(lookahead, directory, OPTIONS, "tune")
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
    reference = tune_journal(lookahead, directory, OPTIONS, "tune")
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


def test_nelder_mead_search_gives_the_tune_journal(lookahead, cluster, tmp_path_factory):
    # One search (holdout split): each trial is proposed by a worker from the scores so far.
    directory = tmp_path_factory.getbasetemp()
    reference = tune_journal(lookahead, directory, NELDER_MEAD, "nelder-mead")
    journal = str(directory / "ray-nelder-mead.jsonl")
    summary = RaySearch(NELDER_MEAD, journal, lookahead=lookahead, cwd=REPOSITORY).run()
    assert summary["strategy"] == "nelder-mead" and [s["trials"] for s in summary["searches"]] == [3], summary
    assert_same_journals(journal, reference, suffixes=[""])


def test_lhs_nelder_mead_search_gives_the_tune_journal(lookahead, cluster, tmp_path_factory):
    # Three trials per search: the two hypercube trials of all three searches spread over both
    # nodes, then each search's Nelder-Mead trial, the searches side by side.
    directory = tmp_path_factory.getbasetemp()
    options = list(OPTIONS)
    options[options.index("lhs")] = "lhs-nelder-mead"
    reference = tune_journal(lookahead, directory, options, "lhs-nelder-mead")
    journal = str(directory / "ray-lhs-nelder-mead.jsonl")
    summary = RaySearch(options, journal, lookahead=lookahead, cwd=REPOSITORY).run()
    assert summary["strategy"] == "lhs-nelder-mead" and summary["nodes"] == 2, summary
    assert [s["trials"] for s in summary["searches"]] == [3, 3, 3]
    assert_same_journals(journal, reference)

    # Cut mid-line after the first trial of the final search: the driver resumes it (the planned
    # trial left, then the step), having checked the kept trial through the planning worker.
    lines = journal_lines(journal)
    with open(journal, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines[:2]) + "\n" + lines[2][:10])
    summary = RaySearch(options, journal, lookahead=lookahead, cwd=REPOSITORY).run()
    assert [s["resumed"] for s in summary["searches"]] == [3, 3, 1], summary
    assert_same_journals(journal, reference)


def test_data_shipped_through_the_object_store(lookahead, cluster, tmp_path_factory):
    # --ship-data: each actor writes the dataset folder the driver put in the object store to its
    # node's temporary folder and its worker reads it from there (LOOKAHEAD_DATASETS, searched
    # first); its journal headers, which name every file's SHA-256, must match the driver's.
    directory = tmp_path_factory.getbasetemp()
    reference = tune_journal(lookahead, directory, OPTIONS, "tune")
    journal = str(directory / "shipped.jsonl")
    root = directory / "node-local"
    search = RaySearch(OPTIONS, journal, lookahead=lookahead, cwd=REPOSITORY, ship_data=True, ship_root=str(root))
    summary = search.run()
    assert summary["nodes"] == 2 and "ship" in summary["seconds"], summary
    folders = set(search.data_folders.values())
    assert len(folders) == 1, folders  # one copy per shipment and node (both nodes share this disk)
    folder = folders.pop()
    assert os.path.dirname(folder) == str(root)
    shipped = os.path.join(folder, "Henze2017-MobileHCI")
    bundled = REPOSITORY / "Datasets" / "Henze2017-MobileHCI"
    assert sorted(os.listdir(os.path.join(shipped, "data"))) == sorted(os.listdir(bundled / "data"))
    assert_same_journals(journal, reference)
