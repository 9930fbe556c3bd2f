"""Fixtures of the Ray tests: the built lookahead binary and a two-node Ray cluster on loopback."""

import pathlib
import sys

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "pytest_support"))
from lookahead_binary import lookahead  # noqa: E402,F401  (the shared fixture, found by pytest here)


@pytest.fixture(scope="session")
def cluster():
    """Two Ray nodes of one CPU each on this machine (Ray's own test utility): every search below
    runs one worker per node. Ray binds them to this machine's own interface address (what it
    sees as its address towards the outside), not 127.0.0.1: nothing leaves the machine."""
    import ray
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, log_to_driver=False)
    yield cluster
    ray.shutdown()
    cluster.shutdown()
