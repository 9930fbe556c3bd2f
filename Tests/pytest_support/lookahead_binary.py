"""The `lookahead` binary as a pytest fixture, shared by the Python suites (Tests/Browser, Tests/Ray).

Each suite's conftest.py puts this folder on sys.path and imports the fixture, so pytest finds it
there; the rule for which binary runs is written once, here.
"""
import os
import pathlib

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


def lookahead_path():
    """LOOKAHEAD_BIN if set, else the debug build of this checkout."""
    return pathlib.Path(os.environ.get("LOOKAHEAD_BIN", REPOSITORY / ".build" / "debug" / "lookahead"))


@pytest.fixture(scope="session")
def lookahead():
    """The path of the `lookahead` binary (a string, ready for subprocess); fails the session's
    first test that needs it when the binary is not built."""
    path = lookahead_path()
    if not path.is_file():
        pytest.fail(f"{path} is not built: run `swift build --product lookahead` first, or set LOOKAHEAD_BIN")
    return str(path)
