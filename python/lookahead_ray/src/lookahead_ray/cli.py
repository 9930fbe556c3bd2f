"""`lookahead-ray`: one command for a distributed search (Docs/Distributed.md).

    lookahead-ray [--address ADDR] [--lookahead PATH] [--workers N] [--ship-data] --journal FILE
                  [--out BEST.json [--force]] -- TUNE OPTIONS... DATASET...

Without --address an embedded local Ray starts (one worker per core of this machine); with it the
driver joins that cluster. With --ship-data the datasets go to the nodes through Ray's object
store instead of a path every node sees. With --out, `lookahead tune` then runs here on the
finished journal (no new trial) to score the held-out writers and write BEST.json and BEST.tune.json.
"""

import argparse
import json
import subprocess
import sys

import ray

from .journal import JournalBusy, JournalMismatch
from .launch import add_cluster_arguments, add_passed_options, parse_cluster_command, start_ray
from .search import RaySearch, TrialAbandoned, WorkerDataDiffers
from .shipping import ShippingRefused
from .worker import WorkerRefused


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="lookahead-ray",
        description="Run a lookahead tune search (any strategy) on Ray and write its journal.",
        epilog="Everything after -- is given to `lookahead worker` (and to `lookahead tune` for --out): "
               "the tune's options and datasets, without --journal and --out.")
    add_cluster_arguments(parser, workers_help="worker processes (default: one per core of the cluster)",
                          attempts_help="tries per trial when its worker dies (default 3)")
    parser.add_argument("--ship-data", action="store_true",
                        help="put the datasets in Ray's object store; each node writes them to its temporary folder "
                             "(default: every node reads them at the driver's paths)")
    parser.add_argument("--journal", required=True, help="the journal to write or resume (folds add .foldN)")
    parser.add_argument("--out", help="then run lookahead tune on the journal and write BEST.json and BEST.tune.json")
    parser.add_argument("--force", action="store_true", help="with --out: overwrite existing output files")
    add_passed_options(parser, "tune_options")
    args, options = parse_cluster_command(parser, argv, "give the tune's options and datasets after --")
    try:
        search = RaySearch(options, args.journal, lookahead=args.lookahead, workers=args.workers, attempts=args.attempts,
                           ship_data=args.ship_data)
        start_ray(args.address)
        summary = search.run()
    except (FileNotFoundError, JournalBusy, JournalMismatch, ShippingRefused, TrialAbandoned, WorkerDataDiffers,
            WorkerRefused) as error:
        print(f"lookahead-ray: {error}", file=sys.stderr)
        return 1
    finally:
        if ray.is_initialized():
            ray.shutdown()
    print(json.dumps(summary))
    if args.out:
        command = [search.lookahead, "tune", *options, "--journal", args.journal, "--out", args.out, "--quiet"]
        if args.force:
            command.append("--force")
        return subprocess.call(command)
    return 0


if __name__ == "__main__":
    sys.exit(main())
