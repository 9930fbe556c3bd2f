"""The folds of `lookahead train --henze2017 --family mlp` on a two-node Ray cluster give the
table the in-process command prints, to the byte (Docs/Distributed.md, "Training folds"), also
when a fold's process is killed mid-training and when a driver resumes a folds file it left."""

import json
import os
import signal
import threading
import time
import uuid

from conftest import REPOSITORY
from lookahead_ray.folds import RayFolds
from test_ray_search import run_cli

# A network small and short enough for a test, two of the eight folds, in the table's order 2, 1.
SMALL = ["--henze2017", "--family", "mlp", "--hidden", "2", "--epochs", "1", "--patience", "1", "--quiet"]
OPTIONS = SMALL + ["--henze-folds", "2,1", "--json"]


def in_process(lookahead, directory):
    path = directory / "folds-in-process.json"
    if not path.exists():
        path.write_text(run_cli(lookahead, "train", *OPTIONS).stdout)
    return path.read_text()


def fold_line(lookahead, directory, fold):
    """Fold `fold`'s line with a newline: from the first test's folds file when it ran, else trained here."""
    written = directory / "folds.jsonl"
    if written.exists():
        for line in written.read_text().splitlines():
            if json.loads(line)["fold"] == fold:
                return line + "\n"
    return run_cli(lookahead, "train", *SMALL, "--henze-folds", str(fold), "--henze-fold-lines").stdout


def fold_processes(token):
    """Pids of the `lookahead train --henze-fold-lines` processes started with LOOKAHEAD_TEST_TOKEN=token."""
    pids = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as handle:
                arguments = handle.read().split(b"\0")
            with open(f"/proc/{name}/environ", "rb") as handle:
                environment = handle.read().split(b"\0")
        except OSError:  # ended, or not ours
            continue
        if b"--henze-fold-lines" in arguments and f"LOOKAHEAD_TEST_TOKEN={token}".encode() in environment:
            pids.append(int(name))
    return pids


def test_folds_on_two_nodes_give_the_in_process_table(lookahead, cluster, tmp_path_factory):
    directory = tmp_path_factory.getbasetemp()
    reference = in_process(lookahead, directory)
    folds_file = directory / "folds.jsonl"
    output, summary = RayFolds(OPTIONS, str(folds_file), lookahead=lookahead, cwd=REPOSITORY).run()
    assert output == reference
    assert summary["folds"] == 2 and summary["resumed"] == 0 and summary["retries"] == 0, summary
    assert summary["nodes"] == 2, summary  # one fold on each node
    lines = folds_file.read_text().splitlines()
    assert sorted(json.loads(line)["fold"] for line in lines) == [1, 2]


def test_fold_killed_mid_training_is_retried_and_a_cut_folds_file_resumed(lookahead, cluster, tmp_path_factory):
    directory = tmp_path_factory.getbasetemp()
    reference = in_process(lookahead, directory)
    # What a driver killed mid-run leaves: fold 2 done, and half of fold 1's line.
    fold_two = fold_line(lookahead, directory, 2)
    folds_file = directory / "resumed-folds.jsonl"
    folds_file.write_text(fold_two + fold_two[: len(fold_two) // 2])
    token = uuid.uuid4().hex
    killed = []

    def kill_the_fold(folds, fold):
        if killed:
            return

        def kill():
            deadline = time.monotonic() + 60
            while not killed and time.monotonic() < deadline:
                for pid in fold_processes(token):
                    try:
                        os.kill(pid, signal.SIGKILL)
                        killed.append(pid)
                    except ProcessLookupError:
                        pass
                time.sleep(0.05)

        threading.Thread(target=kill, daemon=True).start()

    folds = RayFolds(OPTIONS, str(folds_file), lookahead=lookahead, cwd=REPOSITORY,
                     env={"LOOKAHEAD_TEST_TOKEN": token}, on_started=kill_the_fold)
    output, summary = folds.run()
    assert killed, "the fold's process should have been found and killed"
    assert summary["resumed"] == 1 and summary["retries"] == 1, summary
    assert list(summary["foldSeconds"]) == ["1"], summary  # only fold 1 trained (twice)
    assert output == reference


def test_folds_trained_with_jobs_still_combine(lookahead, tmp_path_factory):
    """`--jobs` bounds each fold's cores and `--data-dir` is where it loads from; `train
    --henze-combine` refuses both (it loads and trains nothing), so the driver leaves them out of
    the combine step instead of failing after every fold has trained. Every fold is already in the
    file here, so nothing trains and no cluster is needed."""
    directory = tmp_path_factory.getbasetemp()
    reference = in_process(lookahead, directory)
    folds_file = directory / "folds-with-jobs.jsonl"
    folds_file.write_text(fold_line(lookahead, directory, 2) + fold_line(lookahead, directory, 1))
    output, summary = RayFolds(OPTIONS + ["--jobs", "1", "--data-dir", str(directory)], str(folds_file), lookahead=lookahead, cwd=REPOSITORY).run()
    assert output == reference
    assert summary["resumed"] == 2, summary
