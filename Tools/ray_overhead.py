"""The cost per trial of a search through lookahead-ray against in-process `lookahead tune`, both
measured in this run, alternately, on the trials of Tools/results.sh (Kalman on Henze 2017 under
leave-one-writer-out, the anchor error objective), one core each (Docs/Distributed.md).

    .venv-ray/bin/python Tools/ray_overhead.py [--lookahead .build/release/lookahead] [--trials 6] [--repeats 2] [--folder DIR]

Per trial, in-process: (tune's wall clock - the same tune finishing its complete journal, which is
everything but the trials: loading, held-out scoring) / trials. Through Ray: the driver's search
seconds (first dispatch to last journaled trial, one worker) / trials. The fixed costs (Ray start,
the plan, loading the data in each worker) are printed beside them. Wall clock on a loaded machine
is noisy, so the same comparison is made in CPU time (user + system) without Ray: tune and its
finish against one `lookahead worker` fed every trial and one that only loads the data.
"""


def cpu_seconds(command, **keywords):
    """Runs `command`; returns (its wall seconds, its user + system CPU seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    subprocess.run(command, check=True, **keywords)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lookahead", default=os.path.join(REPOSITORY, ".build", "release", "lookahead"))
    parser.add_argument("--trials", type=int, default=6, help="trials per search (nine searches)")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--folder", help="where the journals go (default: a new temporary folder)")
    args = parser.parse_args()
    options = [
        "--predictor", "kalman:measurement-noise=1", "--params", "state,process-noise=1e-6..1000,gap-limit=0..0.1",
        "--objective", "error:statistic=mean,horizon=anchor", "--strategy", "lhs", "--trials", str(args.trials),
        "--seed", "1", "--split", "leave-one-writer-out", "Henze2017-MobileHCI"]
    folder = tempfile.mkdtemp(prefix="ray-overhead-", dir=args.folder)
    rows = []
    for repeat in range(args.repeats):
        tune_journal = os.path.join(folder, f"tune{repeat}.jsonl")
        tune = [args.lookahead, "tune", *options, "--jobs", "1", "--pareto", "0", "--journal", tune_journal, "--quiet"]
        tune_wall, tune_cpu = cpu_seconds(tune, cwd=REPOSITORY, stdout=subprocess.DEVNULL)
        finish_wall, finish_cpu = cpu_seconds(tune, cwd=REPOSITORY, stdout=subprocess.DEVNULL)
        labels = [f"fold {f}" for f in range(1, 9)] + ["all"]
        requests = "".join(json.dumps({"search": label, "index": i}) + "\n" for label in labels for i in range(args.trials))
        worker = [args.lookahead, "worker", *options]
        _, worker_cpu = cpu_seconds(worker, cwd=REPOSITORY, input=requests, text=True, stdout=subprocess.DEVNULL)
        _, load_cpu = cpu_seconds(worker, cwd=REPOSITORY, input='{"op":"plan"}\n', text=True, stdout=subprocess.DEVNULL)
        ray_journal = os.path.join(folder, f"ray{repeat}.jsonl")
        started = time.monotonic()
        result = subprocess.run(
            [sys.executable, "-m", "lookahead_ray", "--workers", "1", "--lookahead", args.lookahead, "--journal", ray_journal,
             "--", *options], cwd=REPOSITORY, check=True, capture_output=True, text=True)
        ray_wall = time.monotonic() - started
        summary = json.loads(result.stdout.splitlines()[-1])
        trials = sum(s["trials"] for s in summary["searches"])
        for suffix in [f".fold{f}" for f in range(1, 9)] + [""]:
            with open(tune_journal + suffix) as a, open(ray_journal + suffix) as b:
                assert a.read().split("\n")[1:] == b.read().split("\n")[1:], f"journals differ ({suffix})"
        row = {
            "trials": trials, "tune_wall_s": round(tune_wall, 2), "tune_finish_s": round(finish_wall, 2),
            "tune_per_trial_s": round((tune_wall - finish_wall) / trials, 4), "ray_wall_s": round(ray_wall, 2),
            "ray_seconds": summary["seconds"], "ray_per_trial_s": round(summary["seconds"]["search"] / trials, 4)}
        row["ratio"] = round(row["ray_per_trial_s"] / row["tune_per_trial_s"], 3)
        row["tune_cpu_per_trial_ms"] = round(1000 * (tune_cpu - finish_cpu) / trials, 2)
        row["worker_cpu_per_trial_ms"] = round(1000 * (worker_cpu - load_cpu) / trials, 2)
        row["cpu_ratio"] = round(row["worker_cpu_per_trial_ms"] / row["tune_cpu_per_trial_ms"], 3)
        rows.append(row)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
