#!/usr/bin/env bash
# End-to-end `evaluate --predictor kalman` over 1x, 4x and 16x the shared corpus converted to trace
# files (issue 21), with wall time, CPU time and peak resident memory, each against a bare read of
# the same files' bytes (`cat`) in the same run. Copies are hard links, so the page cache holds one
# copy and both the baseline and the evaluation read from memory.
#
# Usage: bash Benchmarks/evaluate-scaling.sh [LOOKAHEAD_BINARY] [WORK_FOLDER] [COPIES...]
#   default binary .build/release/lookahead (build it with `swift build -c release --product lookahead`),
#   default folder a new temporary one, default copies 1 4 16. Needs GNU time (/usr/bin/time).
set -euo pipefail
binary=${1:-.build/release/lookahead}
work=${2:-$(mktemp -d)}
shift $(( $# < 2 ? $# : 2 ))
copies=("$@")
[ ${#copies[@]} -gt 0 ] || copies=(1 4 16)
datasets=(Inkable-ApplePencil Henze2017-MobileHCI TurboTouch-Nancel2018 SVC2004-Task2 WacomMSP13-HandwritingSpeed)

mkdir -p "$work/converted"
samples=0
for name in "${datasets[@]}"; do
  file="$work/converted/$name.lktrace.csv"
  [ -f "$file" ] || "$binary" datasets convert "$name" "$file" > "$work/converted/$name.log"
  # "wrote FILE: N strokes, M samples"
  count=$(grep -o '[0-9]* samples' "$work/converted/$name.log" | grep -o '[0-9]*')
  samples=$((samples + count))
done

# CPU time (user + system) is the figure to compare on a shared machine; wall time is shown too.
printf '%-6s %7s %9s | %-26s | %-38s | %s\n' copies MB samples "bytes read (cat): CPU" "evaluate: CPU / wall / peak RSS" "RSS per M samples"
for n in "${copies[@]}"; do
  folders=()
  files=()
  for name in "${datasets[@]}"; do
    folder="$work/x$n/$name-trace"  # not named like the dataset, so it is read as trace files
    mkdir -p "$folder"
    for i in $(seq 1 "$n"); do
      ln -f "$work/converted/$name.lktrace.csv" "$folder/copy$i.lktrace.csv"
      files+=("$folder/copy$i.lktrace.csv")
    done
    folders+=("$folder")
  done
  bytes=$(cat "${files[@]}" | wc -c)  # also warms the page cache for both runs
  base=$( { /usr/bin/time -f '%e %U %S %M' cat "${files[@]}" > /dev/null; } 2>&1 )
  run=$( { /usr/bin/time -f '%e %U %S %M' "$binary" evaluate --predictor kalman --csv --quiet "${folders[@]}" > "$work/x$n.csv"; } 2>&1 | tail -1 )
  read -r bw bu bs bm <<< "$base"
  read -r ew eu es em <<< "$run"
  total=$((samples * n))
  bc_cpu=$(echo "$bu + $bs" | bc -l)
  ec_cpu=$(echo "$eu + $es" | bc -l)
  printf '%-6s %7.1f %9d | %6.2f s (%6.0f MB/s CPU) | %6.2f s / %6.2f s / %7.1f MB | %6.1f MB\n' "$n" \
    "$(echo "$bytes / 1000000" | bc -l)" "$total" "$bc_cpu" "$(echo "$bytes / 1000000 / ($bc_cpu + 0.005)" | bc -l)" \
    "$ec_cpu" "$ew" "$(echo "$em / 1024" | bc -l)" "$(echo "$em / 1024 / ($total / 1000000)" | bc -l)"
done
