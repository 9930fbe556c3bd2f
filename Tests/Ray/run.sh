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
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  if { [ -x .venv-ray/bin/python ] || python3 -m venv .venv-ray; } >"$log" 2>&1 \
    && .venv-ray/bin/pip install --disable-pip-version-check -r Tests/Ray/requirements.txt >>"$log" 2>&1 \
    && .venv-ray/bin/pip install --disable-pip-version-check --no-deps --force-reinstall ./python/lookahead_ray >>"$log" 2>&1; then
    echo "ray test requirements: installed in .venv-ray (Tests/Ray/requirements.txt, python/lookahead_ray)"
  else
    cat "$log" >&2
    echo "ray test requirements: installing into .venv-ray FAILED (output above)" >&2
    exit 1
  fi
  python=.venv-ray/bin/python
fi
swift build --product lookahead >/dev/null
status=0
"$python" -m pytest -q -p no:cacheprovider Tests/Ray || status=$?
[ "$status" -eq 5 ] && echo "ray test: pytest collected no test" >&2 && status=1
exit $status
