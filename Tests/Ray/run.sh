#!/usr/bin/env bash
# A lookahead tune search on a two-node Ray cluster started on loopback (Tests/Ray/test_ray_search.py,
# Docs/Distributed.md): the journal must be the one `lookahead tune` writes, also when a worker
# process is killed mid-search and when an interrupted driver resumes. Needs `swift build` first.
#
#   Tests/Ray/run.sh [PYTHON]    (default: a virtual environment in .venv-ray, with Ray from PyPI)
#
# Prints one line for the requirements (pip's output only if it fails), then pytest's. Exit
# status: pytest's (0 passed; 5, no test collected, is turned into a failure: the test must run).
set -euo pipefail
cd "$(dirname "$0")/../.."
python=${1:-}
if [ -z "$python" ]; then
  bash scripts/install-venv .venv-ray "ray test requirements" "Tests/Ray/requirements.txt, python/lookahead_ray" \
    -- -r Tests/Ray/requirements.txt -- --no-deps --force-reinstall ./python/lookahead_ray
  python=.venv-ray/bin/python
fi
swift build --product lookahead >/dev/null
status=0
"$python" -m pytest -q -p no:cacheprovider Tests/Ray || status=$?
[ "$status" -eq 5 ] && echo "ray test: pytest collected no test" >&2 && status=1
exit $status
