#!/usr/bin/env bash
# Makes the notebooks' inputs with the lookahead CLI on the bundled Inkable traces (5 strokes: a
# few seconds each) into Notebooks/data/, then executes every notebook headlessly; any failing
# cell fails the script. Used by scripts/test after `swift test`.
#
#   Notebooks/run-all.sh [PYTHON]       PYTHON: an interpreter with Notebooks/requirements.txt
#                                       installed (default: .venv-notebooks/bin/python)
#   LOOKAHEAD=/path/to/lookahead         use this binary instead of building the debug one
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
python=${1:-$root/.venv-notebooks/bin/python}
if [ -z "${LOOKAHEAD:-}" ]; then
  swift build --product lookahead >&2
  LOOKAHEAD="$(swift build --show-bin-path)/lookahead"
fi
data=$root/Notebooks/data
executed=$root/Notebooks/executed
mkdir -p "$data" "$executed"
run() { echo "+ lookahead $*" >&2; "$LOOKAHEAD" "$@"; }

dataset=Inkable-ApplePencil
run compare hold linear kalman "$dataset" --csv --quiet --output "$data/compare.csv" --force
run compare hold linear kalman "$dataset" --json --quiet --output "$data/compare.json" --force
run sweep --predictor hold --predictor linear --predictor kalman "$dataset" --csv --quiet \
  --output "$data/sweep.csv" --force
run sweep --predictor hold --predictor linear --predictor kalman "$dataset" --json --quiet \
  --output "$data/sweep.json" --force
run evaluate --predictor kalman "$dataset" --records "$data/records.csv" --json --quiet \
  --output "$data/evaluate.json" --force
run datasets convert "$dataset" "$data/trace.csv" --force >/dev/null

# A small tune (24 Latin-hypercube trials of two Kalman noises on the bundled Henze Fitts subset):
# its journal is notebook 2's input.
rm -f "$data/tune-journal.jsonl" "$data/tune-best.json" "$data/tune-best.tune.json"
run tune --predictor kalman --params process-noise,measurement-noise --objective weighted:error_mean_mm=1 \
  --split holdout=0.25,seed=1 --strategy lhs --trials 24 --seed 1 --journal "$data/tune-journal.jsonl" \
  --out "$data/tune-best.json" --force --quiet Henze2017-MobileHCI:Fitts >/dev/null

# The report of the same results (HTML and Markdown), so that its command is exercised too.
run report "$data/compare.json" "$data/sweep.json" "$data/records.csv" "$data/tune-journal.jsonl" \
  --output "$data/report.html" --force --quiet
run report "$data/compare.json" "$data/sweep.json" "$data/records.csv" "$data/tune-journal.jsonl" \
  --output "$data/report.md" --force --quiet

export LOOKAHEAD_NOTEBOOK_DATA=$data
status=0
passed=0
failed=0
for notebook in Notebooks/*.ipynb; do
  echo "+ executing $notebook" >&2
  if ! "$python" -m jupyter nbconvert --to notebook --execute --ExecutePreprocessor.timeout=300 \
      --output-dir "$executed" "$notebook" >&2; then
    echo "FAILED: $notebook" >&2
    status=1
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done
# A plain closing line, so a reader of the CI log sees the notebooks' outcome last.
echo "notebooks: $passed passed, $failed failed"
exit $status
