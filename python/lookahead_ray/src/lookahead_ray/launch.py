"""What the tune search (`lookahead-ray`) and the training folds (`lookahead-ray-folds`) start the
same way: the `lookahead` binary every node runs, the environment its processes get, the
cluster options of both command lines, and the Ray they join."""

import argparse
import os
import shutil

import ray

# Where a node's lookahead looks for datasets: passed on to every process the driver starts.
DATASET_VARIABLES = ("LOOKAHEAD_SHARED_DATASETS", "LOOKAHEAD_DATASETS")


def find_lookahead(lookahead):
    """The absolute path of the `lookahead` binary (a name on PATH or a path)."""
    found = shutil.which(lookahead)
    if found is None:
        raise FileNotFoundError(f"{lookahead}: no such lookahead binary (give --lookahead PATH)")
    return os.path.abspath(found)


def process_environment(env):
    """`env`, plus the driver's dataset variables that `env` does not set."""
    environment = dict(env or {})
    for name in DATASET_VARIABLES:
        if name in os.environ and name not in environment:
            environment[name] = os.environ[name]
    return environment


def add_cluster_arguments(parser, workers_help, attempts_help):
    """--address, --lookahead, --workers and --attempts, as both command lines take them (the
    options after `--` are added last, by ``add_passed_options``)."""
    parser.add_argument("--address", help="Ray cluster to join (e.g. auto, or HOST:6379); default: start a local Ray")
    parser.add_argument("--lookahead", default="lookahead", help="the lookahead binary, at a path every node sees")
    parser.add_argument("--workers", type=int, help=workers_help)
    parser.add_argument("--attempts", type=int, default=3, help=attempts_help)


def add_passed_options(parser, name):
    """Everything after `--`: the options of the `lookahead` command run on every node (shown as
    `name` in the usage)."""
    parser.add_argument("passed_options", nargs=argparse.REMAINDER, metavar=name)


def parse_cluster_command(parser, argv, missing_options):
    """Parses `argv`; returns the arguments and the options given after `--` (the `lookahead`
    command's own). Refuses, through `parser`, no options (`missing_options` says what to give)
    and --workers below 1."""
    args = parser.parse_args(argv)
    remainder = args.passed_options
    options = remainder[1:] if remainder[:1] == ["--"] else remainder
    if not options:
        parser.error(missing_options)
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    return args, options


def start_ray(address):
    """Joins the cluster at `address`, or starts a new local Ray without one: "local" starts one
    even when RAY_ADDRESS or /tmp/ray names a cluster another run left behind (address=None
    would try to join it and hang on its dead GCS)."""
    ray.init(address=address or "local", include_dashboard=False, log_to_driver=False)
