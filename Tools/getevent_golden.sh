#!/usr/bin/env bash
# The Android importer's golden outputs (issue #21): the logs of Tools/getevent_golden_logs.py
# converted to trace files (default, --raw, --no-hover), with every error message, then one hash
# per file of its rows and messages (the notes naming the command and paths left out). Run it with
# the build before and after a change and diff the lists.
# Usage: BIN=.build/release/lookahead bash Tools/getevent_golden.sh OUT-FOLDER > OUT.sha
set -uo pipefail
B=${BIN:-.build/release/lookahead}
O=$1; mkdir -p "$O/logs"
"$B" datasets convert Henze2017-MobileHCI "$O/henze.lktrace.csv" --force > /dev/null
python3 "$(dirname "$0")/getevent_golden_logs.py" "$O/henze.lktrace.csv" "$O/logs"
for f in "$O"/logs/*.txt; do
  n=$(basename "$f" .txt)
  "$B" datasets convert --format android-getevent "$f" "$O/$n.lktrace.csv" --force > /dev/null 2> "$O/$n.err"
  echo "rc=$?" >> "$O/$n.err"
done
"$B" datasets convert --format android-getevent "$O/logs/pen.getevent.txt" "$O/pen-raw.lktrace.csv" --raw --force > /dev/null
"$B" datasets convert --format android-getevent "$O/logs/pen.getevent.txt" "$O/pen-nohover.lktrace.csv" --no-hover --force > /dev/null
for f in $(ls "$O" | grep -e '\.err$' -e 'getevent.*\.lktrace\.csv$' -e '^pen-'); do
  printf '%s  %s\n' "$(grep -v -e '^# note: converted' "$O/$f" | sed "s#$O#OUT#g" | sha256sum | cut -c1-16)" "$f"
done
