"""Fixtures of the Ray tests: the built lookahead binary and a two-node Ray cluster on loopback."""

import os
import pathlib
import subprocess
import sys

import pytest

# Ray 2.40 turns the address 127.0.0.1 into this machine's interface address whenever a process
# connects (`ray._private.services.resolve_ip_for_localhost` asks `get_node_ip_address`, which
# answers the address facing the outside unless Ray clusters are "not enabled", the setting Ray
# uses on macOS and Windows to stay on loopback). So nodes started on 127.0.0.1 alone cannot be
# joined: the driver dials the interface address and times out. With this setting every process
# of the test (driver, nodes, actors, and drivers run as subprocesses, which inherit it) takes
# 127.0.0.1 as its own address. It must be set before Ray is imported: Ray reads it once.
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
LOOPBACK = "127.0.0.1"

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]

# A nelder-mead tune of one search (a holdout split), three trials: its journal is made once per
# session (`tune_journal`) for the Ray search and for the resume check without Ray.
NELDER_MEAD = [
    "--predictor", "kalman:measurement-noise=3", "--params", "process-noise", "--split", "holdout=0.25,seed=1",
    "--strategy", "nelder-mead", "--trials", "3", "--seed", "5", "Henze2017-MobileHCI:writer=participant1,participant2,participant3,participant4",
]


def run_cli(lookahead, *arguments):
    result = subprocess.run([lookahead, *arguments], cwd=REPOSITORY, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


def tune_journal(lookahead, directory, options, name):
    """The journal `lookahead tune` writes for `options` (folds add .foldN), made once in `directory`."""
    path = str(directory / f"{name}.jsonl")
    if not os.path.exists(path):
        run_cli(lookahead, "tune", *options, "--journal", path, "--quiet", "--pareto", "0")
    return path


sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "pytest_support"))
from lookahead_binary import lookahead  # noqa: E402,F401  (the shared fixture, found by pytest here)


@pytest.fixture(scope="session")
def cluster():
    """Two Ray nodes of one CPU each on this machine's loopback address (Ray's own test utility,
    `ray.cluster_utils.Cluster`): every search below runs one worker per node."""
    import ray
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={
        "num_cpus": 1, "include_dashboard": False, "node_ip_address": LOOPBACK})
    cluster.add_node(num_cpus=1, node_ip_address=LOOPBACK)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, log_to_driver=False)
    nodes = [node for node in ray.nodes() if node["Alive"]]
    assert [node["NodeManagerAddress"] for node in nodes] == [LOOPBACK, LOOPBACK], nodes
    assert cluster.address.startswith(LOOPBACK + ":"), cluster.address
    yield cluster
    ray.shutdown()
    cluster.shutdown()
