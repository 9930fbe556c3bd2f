#!/usr/bin/env bash
# Golden outputs for refactors that must not change a result: evaluate, compare, sweep, a short
# seeded tune (per-sample and replay objectives), train (held-out and --henze2017) on the bundled
# and the shared datasets, written to $1, then one hash per file with the output folder's and the
# binary's paths taken out (the only run-to-run differences). Run it before and after a change and diff the hash
# lists. Usage: BIN=.build/debug/lookahead bash Tools/golden_outputs.sh OUT-FOLDER > OUT.sha
set -uo pipefail
B=${BIN:-.build/debug/lookahead}
O=$1; mkdir -p "$O"

run() { local name=$1; shift; "$B" "$@" > "$O/$name.out" 2> "$O/$name.err"; echo "$name rc=$?" >> "$O/rc.txt"; }
run compare-bundled compare hold linear polynomial savitzky-golay kalman kalman-androidx desp alpha-beta-gamma recorded turbotouch64 --profile pencil240-promotion120 --seed 0 Inkable-ApplePencil
run compare-bundled-json compare hold linear polynomial kalman recorded turbotouch64 --profile pencil240-promotion120 --seed 0 --json Inkable-ApplePencil
run evaluate-bundled evaluate --predictor polynomial --seed 0 --json Inkable-ApplePencil
run evaluate-anchor-svc evaluate --predictor linear --protocol anchor SVC2004-Task2:test
run compare-anchor-henze compare hold linear polynomial kalman --protocol anchor Henze2017-MobileHCI
run compare-wacom compare hold linear kalman --profile finger60-phone --seed 3 --json WacomMSP13-HandwritingSpeed:ID0001
run sweep-bundled sweep --predictor linear --json Inkable-ApplePencil
run tune-short tune --predictor polynomial --params order,window=2..16,half-life=0..0.05 --objective error:statistic=mean,horizon=anchor --strategy lhs-nelder-mead --trials 6 --seed 1 --quiet --split holdout=0.25,seed=1 --journal "$O/tune.jsonl" --out "$O/tune.json" Henze2017-MobileHCI
run tune-replay tune --predictor linear --params gap-limit=0..0.1 --trials 3 --seed 2 --quiet --profile finger60-phone --split holdout=0.25,seed=1 --journal "$O/tune2.jsonl" --out "$O/tune2.json" WacomMSP13-HandwritingSpeed
run train-henze train --henze2017
run train-henze-json train --henze2017 --json
run train-svc train --test SVC2004-Task2:test --history 2,4 --lambdas 1e-6,1e-4 --json -o "$O/svc-model.json" SVC2004-Task2:train
run evaluate-anchor-henze-json evaluate --predictor kalman --protocol anchor --json Henze2017-MobileHCI
run evaluate-henze2017-json evaluate --predictor linear --protocol henze2017 --json Henze2017-MobileHCI
run compare-recorded-anchor compare recorded linear --protocol anchor --json Inkable-ApplePencil
# Hash every output with the run-to-run differences taken out: the output folder's path and the
# binary's (as given and absolute: provenance records the command line), plain and JSON-escaped
# ("\/"), so two checkouts' builds of the same code give the same hashes.
binary_abs="$(cd "$(dirname "$B")" && pwd)/$(basename "$B")"
for f in $(ls "$O" | grep -v -e rc.txt -e lock); do
  printf '%s  %s\n' "$(python3 - "$O/$f" "$O" "$binary_abs" "$B" <<'PY' | sha256sum | cut -c1-16
import sys
path, folder, binary_abs, binary = sys.argv[1:]
text = open(path, encoding="utf-8", errors="surrogateescape").read()
for value, token in ((folder, "OUT"), (binary_abs, "BIN"), (binary, "BIN")):
    text = text.replace(value, token).replace(value.replace("/", "\\/"), token)
sys.stdout.write(text)
PY
)" "$f"
done
