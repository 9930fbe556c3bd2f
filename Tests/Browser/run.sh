#!/usr/bin/env bash
# The recorder page in a real browser (Tests/Browser/test_recorder.py): headless Chromium
# (Debian's chromium and chromium-driver, from scripts/install-system-packages) driven by
# WebDriver, the saved session imported by the built lookahead. Needs `swift build` first.
#
#   Tests/Browser/run.sh [PYTHON]    (default: a virtual environment in .venv-browser)
#
# Prints one line for the requirements (pip's output only if it fails), then pytest's. Exit
# status: pytest's (0 passed; 5, no test collected, is turned into a failure: the test must run).
set -euo pipefail
cd "$(dirname "$0")/../.."
python=${1:-}
if [ -z "$python" ]; then
  bash scripts/install-venv .venv-browser "browser test requirements" "Tests/Browser/requirements.txt" \
    -- -r Tests/Browser/requirements.txt
  python=.venv-browser/bin/python
fi
for tool in chromium chromedriver; do
  command -v "$tool" >/dev/null || { echo "browser test: $tool is missing (scripts/install-system-packages installs it)" >&2; exit 1; }
done
swift build --product lookahead >/dev/null
status=0
"$python" -m pytest -q -p no:cacheprovider Tests/Browser || status=$?
[ "$status" -eq 5 ] && echo "browser test: pytest collected no test" >&2 && status=1
exit $status
