#!/usr/bin/env bash
# Instructions per sample, C path against Swift path, counted by callgrind (load-independent, so
# it can run on a busy machine). Needs a release build of this package
# (`swift build -c release --product CInterfaceBenchmarks`) and the `lookahead` CLI (to export
# the models). Prints, per family: Swift and C instructions per sample (the count at N samples
# minus the count at 0, over N) and their ratio.
# RELEASE names another release folder with libLookaheadC.so and Modules (the root package's:
# `swift build -c release --product LookaheadC`, then RELEASE=../../.build/release); FAMILIES
# picks the families (e.g. add hold).
set -euo pipefail
cd "$(dirname "$0")"
release=${RELEASE:-../.build/release}
lookahead=${LOOKAHEAD:-../../.build/debug/lookahead}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 cannot read the toolchain's DWARF 5: count on copies without debug information.
cp "$release/libLookaheadC.so" "$work/" && strip --strip-debug "$work/libLookaheadC.so"
swiftc -O -I "$release/Modules" -I ../../Sources/CLookahead main.swift -L "$work" -lLookaheadC \
  -Xlinker -rpath -Xlinker "$work" -o "$work/harness" 2>&1 | grep -v warning || true
strip --strip-debug "$work/harness"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/harness" "$@" 2>&1 | sed -n 's/.*Collected : //p'; }
samples=100000
printf '%-18s %12s %12s %8s\n' family swift/sample c/sample c/swift
for family in ${FAMILIES:-kalman-androidx kalman-chromium polynomial learned-linear linear}; do
  "$lookahead" export --predictor "$family" --dataset Inkable-ApplePencil -o "$work/$family.model" >/dev/null
  swift=$(( ($(count swift $samples "$work/$family.model") - $(count swift 0 "$work/$family.model")) / samples ))
  c=$(( ($(count c $samples "$work/$family.model") - $(count c 0 "$work/$family.model")) / samples ))
  printf '%-18s %12d %12d %8s\n' "$family" "$swift" "$c" "$(awk -v a="$c" -v b="$swift" 'BEGIN { printf "%.3f", a / b }')"
done
