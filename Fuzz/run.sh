#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of every importer, the trace reader, the model loader, and
# what users write besides data: mapping files, device profiles, predictor specifications, tune journals.
#
#   Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 20 s each, every target)
#
# Builds the fuzzer (release, --sanitize=fuzzer), makes a seed corpus per target from the shared
# datasets (small slices) plus the reproducers of issue #24 in Fuzz/Reproducers, and runs each
# target for the given time. A trap, a hang longer than 10 s or more than 2 GB of memory is a
# finding: libFuzzer writes the input to Fuzz/findings/ and this script exits non-zero.
# The long run documented in Docs/Reliability.md is this script with a larger time.
set -Eeuo pipefail
# A step that fails stops the run (set -e); say which, since several steps print nothing of their
# own (a build's errors go to its hidden stdout) and the stage would fail without a word.
trap 'echo "Fuzz/run.sh: line $LINENO failed (exit $?): $BASH_COMMAND" >&2' ERR
cd "$(dirname "$0")"
seconds=${1:-20}
shift || true
targets=("$@")
# The list is written once, in targets.txt (the fuzzer refuses to start if its cases differ).
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(grep -v -e '^#' -e '^$' targets.txt)
shared=../../shared/datasets
[ -d "$shared" ] || shared=../../../shared/datasets

swift build -c release --sanitize=fuzzer
fuzzer=$(swift build -c release --sanitize=fuzzer --show-bin-path)/LookaheadFuzz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p findings

# Seeds: the first lines of a few real files of each source (headers kept), never whole files,
# so the fuzzer mutates small inputs.
seed() {  # seed TARGET FILE LINES
  mkdir -p "$work/$1"
  [ -f "$2" ] && head -n "$3" "$2" > "$work/$1/$(basename "$2").seed" || true
}
make_seeds() {
  for f in "$shared"/Henze2017-MobileHCI/data/{FittsTasks,WriteTasks}-participant1.txt; do seed henze2017 "$f" 60; done
  for f in "$shared"/SVC2004-Task2/Task2/U1S1.TXT "$shared"/SVC2004-Task2/Task2/U5S10.TXT; do
    [ -f "$f" ] && { echo 30; sed -n 2,31p "$f"; } > "$work/svc2004-$(basename "$f")" && mkdir -p "$work/svc2004" \
      && mv "$work/svc2004-$(basename "$f")" "$work/svc2004/" || true
  done
  # No `| head` under pipefail: head leaves early, the writer before it may die of SIGPIPE (141)
  # and the whole run with it, depending on timing (it did, once, in CI). Read the list, then slice.
  local files
  mapfile -t files < <(find "$shared"/WacomMSP13-HandwritingSpeed/Wacom_speed -name '*.csv' 2>/dev/null | sort)
  for f in "${files[@]:0:3}"; do seed wacom-msp13 "$f" 50; done
  seed turbotouch-strokes "$shared"/TurboTouch-Nancel2018/strokes.csv 60
  seed turbotouch-predicted "$shared"/TurboTouch-Nancel2018/strokesPredicted64GroundTruth.csv 60
  mapfile -t files < <(find "$shared"/TurboTouch-Nancel2018/optimization -name 'data.csv' 2>/dev/null | sort)
  for f in "${files[@]:0:1}"; do seed turbotouch-optitrack "$f" 60; done
  mkdir -p "$work/inkable-json"
  for f in "$shared"/Inkable-ApplePencil/Tests/InkableTests/{events,pencil-error}.json; do
    [ -f "$f" ] && python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))[:24]))' "$f" \
      > "$work/inkable-json/$(basename "$f")" || true
  done
  # A researcher's own data: the worked examples of Docs/BringYourOwnData.md.
  mkdir -p "$work/delimited-text" "$work/android-getevent" "$work/mapping"
  head -n 60 ../Docs/Examples/pointer-events.csv > "$work/delimited-text/pointer-events.csv"
  head -n 120 ../Docs/Examples/android-getevent.txt > "$work/android-getevent/android-getevent.txt"
  cp ../Docs/Examples/*.mapping "$work/mapping/"
  # A recorder session made by headless Chromium, its first events and frames (compact JSON).
  mkdir -p "$work/browser-recording"
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); s["events"]=s["events"][:7]; s["frames"]=s["frames"][:6]; print(json.dumps(s, separators=(",", ":")))' \
    ../Docs/Examples/browser-recording.json > "$work/browser-recording/browser-recording.json"
  # Trace files and models made by the workbench itself from the bundled traces.
  mkdir -p "$work/lookahead-trace" "$work/model"
  local bin; bin=$(cd .. && swift build --product lookahead --show-bin-path)/lookahead
  local build_log; build_log=$(mktemp)
  (cd .. && swift build --product lookahead >"$build_log" 2>&1) || { cat "$build_log" >&2; rm -f "$build_log"; return 1; }
  rm -f "$build_log"
  "$bin" datasets convert Inkable-ApplePencil "$work/lookahead-trace/inkable.lktrace.csv" >/dev/null
  head -n 80 "$work/lookahead-trace/inkable.lktrace.csv" > "$work/lookahead-trace/inkable-head.lktrace.csv"
  rm "$work/lookahead-trace/inkable.lktrace.csv"
  for p in kalman-androidx polynomial linear; do
    "$bin" export --predictor "$p" --dataset Inkable-ApplePencil -o "$work/model/$p.model" >/dev/null
  done
  # The learned families, whose weights and shapes the loader checks: a tiny network and a
  # linear model, trained in about a second (scored on other data, as train requires).
  local trained="$work/trained"
  mkdir -p "$trained"
  "$bin" train --family mlp --hidden 3 --epochs 1 --mlp-history 2 --quiet --test Henze2017-MobileHCI:Fitts \
    Inkable-ApplePencil -o "$trained/mlp.json" >/dev/null
  "$bin" train --history 2 --lambdas 1e-6 --quiet --test Henze2017-MobileHCI:Fitts \
    Inkable-ApplePencil -o "$trained/learned-linear.json" >/dev/null
  for p in mlp learned-linear; do
    "$bin" export --from-train "$trained/$p.json" -o "$work/model/$p.model" >/dev/null
  done
  rm -rf "$trained"
  # Device profiles: every preset as `replay profiles --json NAME` writes it, and one measured
  # from the browser recording by `datasets profile` (Docs/Examples has no profile file).
  mkdir -p "$work/profile" "$work/predictor-spec"
  local name
  for name in $("$bin" replay profiles | awk '/^[^ ]/ {print $1}'); do
    "$bin" replay profiles --json "$name" > "$work/profile/$name.json"
  done
  "$bin" datasets profile ../Docs/Examples/browser-recording.json -o "$work/profile/measured.json" >/dev/null
  # Predictor specifications: those the docs show, and for every catalog predictor its name and
  # each parameter at its default, at the low and at the high end of its range (`predictors show`).
  grep -ohE "\`[a-z][a-z0-9-]+:[a-z][a-z0-9-]*=[^\` ]+\`" ../Docs/Predictors.md ../Docs/Tuning.md ../Docs/Evaluation.md \
    | tr -d '`' | grep -v '^name:' | sort -u | { local i=0; while read -r spec; do
      i=$((i + 1)); printf '%s' "$spec" > "$work/predictor-spec/docs-$i.txt"; done; }
  for name in $("$bin" predictors list | awk 'NR > 1 {print $1}'); do
    printf '%s' "$name" > "$work/predictor-spec/$name.txt"
    "$bin" predictors show "$name" | awk -v name="$name" -v dir="$work/predictor-spec" '
      /^parameter / { table = 1; next }
      table && NF >= 4 {
        split($4, ends, "…"); if (ends[2] == "") { split($4, ends, "|") }
        gsub("π", "3.141592653589793", ends[2])
        d = d sep $1 "=" $3; low = low sep $1 "=" ends[1]; high = high sep $1 "=" ends[2]; sep = ","
      }
      END { if (sep != "") {
        printf "%s:%s", name, d > (dir "/" name "-defaults.txt")
        printf "%s:%s", name, low > (dir "/" name "-low.txt")
        printf "%s:%s", name, high > (dir "/" name "-high.txt") } }'
  done
  # Tune journals: two small ones made once by `lookahead tune` (Fuzz/Seeds/tune-journal/README).
  mkdir -p "$work/tune-journal"
  cp Seeds/tune-journal/*.jsonl "$work/tune-journal/"
  for f in Reproducers/*; do
    local name; name=$(basename "$f")
    for t in "${targets[@]}"; do [[ $name == "$t"-* ]] && mkdir -p "$work/$t" && cp "$f" "$work/$t/"; done
  done
  return 0
}
make_seeds

status=0
for target in "${targets[@]}"; do
  mkdir -p "$work/$target" "$work/$target-new"
  echo "== $target: $(ls "$work/$target" | wc -l) seeds, $seconds s"
  # Inputs are cut at 4 kB, except models: the exported seeds are 5–8 kB, and a cut one fails
  # its checksum and its JSON both.
  max_len=4096
  [ "$target" = model ] && max_len=16384
  if ! LOOKAHEAD_FUZZ_TARGET=$target "$fuzzer" "$work/$target-new" "$work/$target" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
      -artifact_prefix="findings/$target-" -print_final_stats=1 2> "$work/$target.log"; then
    status=1
    tail -n 40 "$work/$target.log"
  fi
  # The final coverage (libFuzzer's last `#N DONE cov: … ft: …` line) and the counts.
  { grep -E '^#[0-9]+[[:space:]]+DONE' "$work/$target.log" || true
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$work/$target.log"; } | tr '\n' ' '; echo
done
exit $status
