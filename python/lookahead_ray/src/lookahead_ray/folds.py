"""`lookahead-ray-folds`: the leave-one-participant-out folds of `lookahead train --henze2017
--family mlp` as Ray tasks, one `lookahead train` process per fold, then the table the in-process
command prints, to the bit (Docs/Distributed.md, "Training folds").

    lookahead-ray-folds [--address ADDR] [--lookahead PATH] [--workers N] [--attempts N]
                        --folds-file FOLDS.jsonl [--out FILE [--force]] -- TRAIN OPTIONS...

TRAIN OPTIONS are `lookahead train`'s (`--henze2017 --family mlp` and any MLP options, `--json`,
`--henze-folds` for a subset). Each fold runs `lookahead train TRAIN OPTIONS --henze-folds N
--henze-fold-lines` in a Ray task of one CPU and answers one JSON line; the driver appends each
line to FOLDS.jsonl as it arrives (a whole line per write, fsync'd), so a driver killed and run
again trains only the folds missing. At the end `lookahead train TRAIN OPTIONS --henze-combine
FOLDS.jsonl` runs here and its output — the in-process command's table, or its `--json` — goes to
stdout (or FILE); a summary JSON line goes to stderr.

Why tasks and not actors (as `search.py` uses): a fold is one long computation (seconds to
minutes) that loads the data and builds its rows once, so there is nothing for a long-lived
process to keep; a task per fold is the whole of it, and Ray places one per free CPU.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time

import ray

from .launch import (
    add_cluster_arguments, add_passed_options, find_lookahead, parse_cluster_command, process_environment, start_ray)


class FoldLost(RuntimeError):
    """The fold's `lookahead train` process was killed or crashed: the fold is tried again."""


class FoldRefused(RuntimeError):
    """`lookahead train` ended the fold with an error (exit status 1: bad options or data; 2: an internal
    failure, a bug to report): not retried, since a deterministic run would end the same way again."""


class FoldAbandoned(RuntimeError):
    """A fold was lost too many times; FOLDS.jsonl holds every fold finished."""


@ray.remote(num_cpus=1, max_retries=0)
def train_fold(lookahead, train_options, fold, cwd, env):
    """Trains and scores fold `fold` (1-based) in a `lookahead train` process; returns its line,
    the process's pid, this task's node, and the wall-clock and CPU seconds the process took."""
    environment = dict(os.environ)
    environment.update(env)
    command = [lookahead, "train", *train_options, "--henze-folds", str(fold), "--henze-fold-lines", "--quiet"]
    started, children = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    process = subprocess.Popen(command, cwd=cwd, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = process.communicate()
    seconds = time.monotonic() - started
    # A Ray worker runs one task at a time, so its children's CPU since the start is this process's.
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_seconds = (ended.ru_utime - children.ru_utime) + (ended.ru_stime - children.ru_stime)
    if process.returncode < 0:
        raise FoldLost(f"fold {fold}: lookahead train (pid {process.pid}) ended by signal {-process.returncode}")
    if process.returncode != 0:
        raise FoldRefused(f"fold {fold}: lookahead train exited with status {process.returncode}: {err.strip()}")
    lines = out.splitlines()
    if len(lines) != 1 or json.loads(lines[0]).get("fold") != fold:
        raise FoldLost(f"fold {fold}: lookahead train answered {len(lines)} lines, not fold {fold}'s one line")
    return {"line": lines[0], "pid": process.pid, "node": ray.get_runtime_context().get_node_id(), "seconds": seconds,
            "cpuSeconds": cpu_seconds}


def option_value(options, name):
    """The value of option `name` in `options` (`--name V` or `--name=V`; the last one), or None."""
    value = None
    for k, option in enumerate(options):
        if option == name and k + 1 < len(options):
            value = options[k + 1]
        elif option.startswith(name + "="):
            value = option[len(name) + 1:]
    return value


def without_option(options, name):
    """`options` without option `name` and its value."""
    kept, skip = [], False
    for option in options:
        if skip:
            skip = False
        elif option == name:
            skip = True
        elif not option.startswith(name + "="):
            kept.append(option)
    return kept


def read_fold_lines(path):
    """Folds already in FOLDS.jsonl: {fold: line}. A cut-off last line (a driver killed mid-write)
    is dropped and the file truncated to its whole lines."""
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as handle:
        data = handle.read()
    whole = data[: data.rfind(b"\n") + 1]
    if len(whole) != len(data):
        with open(path, "r+b") as handle:
            handle.truncate(len(whole))
    folds = {}
    for number, line in enumerate(whole.decode().splitlines(), start=1):
        if not line.strip():
            continue
        try:
            folds[json.loads(line)["fold"]] = line
        except (ValueError, KeyError, TypeError):
            raise FoldRefused(f"{path}:{number}: not a fold line (as lookahead train --henze-fold-lines writes)")
    return folds


class RayFolds:
    """One distributed `train --henze2017 --family mlp`. `run()` fills FOLDS.jsonl and returns
    the combined output; progress is in the attributes, so a test's `on_started` can kill a fold."""

    def __init__(self, train_options, folds_file, lookahead="lookahead", workers=None, attempts=3, cwd=None, env=None,
                 on_started=None):
        self.train_options = list(train_options)
        self.folds_file = os.path.abspath(folds_file)
        self.lookahead = find_lookahead(lookahead)
        self.workers = workers
        self.attempts = attempts
        self.cwd = os.path.abspath(cwd or os.getcwd())
        self.env = process_environment(env)
        self.on_started = on_started
        self.retries = 0
        self.nodes = set()
        self.fold_seconds = {}  # fold -> (wall-clock seconds, CPU seconds) of the process that finished it
        self.seconds = {}

    def _run_here(self, extra, drop=()):
        environment = dict(os.environ)
        environment.update(self.env)
        options = self.train_options
        for name in drop:
            options = without_option(options, name)
        return subprocess.run([self.lookahead, "train", *options, *extra], cwd=self.cwd, env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def folds(self):
        """The folds to train: `--henze-folds` as given, or one per participant."""
        given = option_value(self.train_options, "--henze-folds")
        if given is not None:
            try:
                return [int(fold) for fold in given.split(",")]
            except ValueError:
                raise FoldRefused(f"--henze-folds must be comma-separated participant numbers from 1, got {given!r}") from None
        answer = self._run_here(["--henze-participants"])
        if answer.returncode != 0:
            raise FoldRefused(f"lookahead train --henze-participants exited with status {answer.returncode}: {answer.stderr.strip()}")
        return list(range(1, len(json.loads(answer.stdout)["participants"]) + 1))

    def run(self, wanted=None):
        """Trains the folds `wanted` (default: `folds()`) missing from the folds file; returns the
        combined output and a summary."""
        started = time.monotonic()
        wanted = wanted or self.folds()
        done = read_fold_lines(self.folds_file)
        missing = [fold for fold in wanted if fold not in done]
        resumed = len(wanted) - len(missing)
        self.seconds["plan"] = time.monotonic() - started
        if missing:
            started = time.monotonic()
            self._train(missing)
            self.seconds["folds"] = time.monotonic() - started
        # The combine step loads and trains nothing, so `train` refuses the options of loading or
        # training there (`--jobs`, `--data-dir`); they were the folds', not the table's.
        combined = self._run_here(["--henze-combine", self.folds_file], drop=["--jobs", "--data-dir"])
        if combined.returncode != 0:
            raise FoldRefused(f"lookahead train --henze-combine exited with status {combined.returncode}: {combined.stderr.strip()}")
        summary = {
            "folds": len(wanted), "resumed": resumed, "retries": self.retries, "nodes": len(self.nodes),
            "foldSeconds": {str(fold): {"wall": round(wall, 3), "cpu": round(cpu, 3)}
                            for fold, (wall, cpu) in sorted(self.fold_seconds.items())},
            "seconds": {name: round(value, 3) for name, value in self.seconds.items()}}
        return combined.stdout, summary

    def _train(self, missing):
        fold_options = without_option(self.train_options, "--henze-folds")
        cores = int(ray.cluster_resources().get("CPU", 1))
        slots = max(1, min(self.workers or cores, cores))
        queue = list(missing)
        attempts = {}
        in_flight = {}

        def submit():
            while queue and len(in_flight) < slots:
                fold = queue.pop(0)
                in_flight[train_fold.options(scheduling_strategy="SPREAD").remote(
                    self.lookahead, fold_options, fold, self.cwd, self.env)] = fold
                if self.on_started:
                    self.on_started(self, fold)

        submit()
        with open(self.folds_file, "a") as out:
            while in_flight:
                ready, _ = ray.wait(list(in_flight), num_returns=1)
                for ref in ready:
                    fold = in_flight.pop(ref)
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayTaskError as error:
                        if isinstance(error, FoldRefused) or isinstance(getattr(error, "cause", None), FoldRefused):
                            raise FoldRefused(str(getattr(error, "cause", error))) from None
                        self._retry(fold, queue, attempts, error)
                        continue
                    except ray.exceptions.RayError as error:  # the task's Ray worker or node died
                        self._retry(fold, queue, attempts, error)
                        continue
                    out.write(result["line"] + "\n")
                    out.flush()
                    os.fsync(out.fileno())
                    self.nodes.add(result["node"])
                    self.fold_seconds[fold] = (result["seconds"], result["cpuSeconds"])
                submit()

    def _retry(self, fold, queue, attempts, error):
        attempts[fold] = attempts.get(fold, 0) + 1
        if attempts[fold] >= self.attempts:
            raise FoldAbandoned(
                f"fold {fold} was tried {attempts[fold]} times and lost each time (last: {type(error).__name__}); "
                f"{self.folds_file} holds every fold finished: run again to resume")
        self.retries += 1
        queue.insert(0, fold)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="lookahead-ray-folds",
        description="Train the folds of lookahead train --henze2017 --family mlp on Ray and print its table.",
        epilog="Everything after -- is given to lookahead train: --henze2017 --family mlp and its MLP options "
               "(--json for the JSON, --henze-folds for a subset).")
    add_cluster_arguments(parser, workers_help="folds at once (default: one per CPU of the cluster)",
                          attempts_help="tries per fold when its process dies (default 3)")
    parser.add_argument("--folds-file", required=True, help="the fold lines, written as folds finish (and resumed)")
    parser.add_argument("--out", help="write the table (or JSON) here instead of stdout")
    parser.add_argument("--force", action="store_true", help="with --out: replace an existing file")
    add_passed_options(parser, "train_options")
    args, options = parse_cluster_command(
        parser, argv, "give lookahead train's options after -- (--henze2017 --family mlp ...)")
    if args.out and os.path.exists(args.out) and not args.force:
        print(f"lookahead-ray-folds: {args.out} exists; give --force to replace it", file=sys.stderr)
        return 1
    try:
        folds = RayFolds(options, args.folds_file, lookahead=args.lookahead, workers=args.workers, attempts=args.attempts)
        wanted = folds.folds()  # before Ray starts: bad options are refused at once
        # "local": a new Ray here, not a cluster some other run left its address for in /tmp/ray.
        start_ray(args.address)
        output, summary = folds.run(wanted)
    except (FileNotFoundError, FoldRefused, FoldAbandoned) as error:
        print(f"lookahead-ray-folds: {error}", file=sys.stderr)
        return 1
    finally:
        if ray.is_initialized():
            ray.shutdown()
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(output)
    else:
        sys.stdout.write(output)
    print(json.dumps(summary), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
