#!/usr/bin/env python3
"""Golden counts for the SVC2004 Task 2 copy in ../shared/datasets (U1-U32, 1,280 files).

Independent of the Swift importer: splits strokes by SOURCE.md's rule (new stroke at button == 0
or T - T_prev > 30 ms, T_prev = previous raw row) and applies ANCHOR-PROTOCOL section 1 step 2
(R1 out of order, R2 same time replaces, R3 <= 1 ms same position). The printed numbers are
pasted into Tests/LookaheadKitTests/Import/SVCGolden.swift.

Run: python3 Tools/svc2004_counts.py [path/to/shared/datasets]
"""
import glob
import os
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "datasets")
files = sorted(glob.glob(os.path.join(root, "SVC2004-Task2", "Task2", "*.TXT")))
rows = strokes = r1 = r2 = r3 = kept = 0
for path in files:
    with open(path) as handle:
        lines = [l.split() for l in handle.read().splitlines()[1:] if l.strip()]
    current = []
    all_strokes = []
    prev_t = None
    for fields in lines:
        x, y, t, button, az, alt, p = map(int, fields)
        rows += 1
        if prev_t is not None and (button == 0 or t - prev_t > 30):
            all_strokes.append(current)
            current = []
        current.append((t, x, y))
        prev_t = t
    if current:
        all_strokes.append(current)
    strokes += len(all_strokes)
    for stroke in all_strokes:
        out = []
        for t, x, y in stroke:
            if not out:
                out.append((t, x, y))
                continue
            lt, lx, ly = out[-1]
            if t < lt:
                r1 += 1
            elif t == lt:
                r2 += 1
                out[-1] = (t, x, y)
            elif t - lt <= 1 and x == lx and y == ly:
                r3 += 1
            else:
                out.append((t, x, y))
        kept += len(out)
print(f"files {len(files)} rows {rows} strokes {strokes} kept {kept} R1 {r1} R2 {r2} R3 {r3}")
with open(os.path.join(root, "SVC2004-Task2", "Task2", "U29S1.TXT")) as handle:
    print("U29S1 first row", handle.read().splitlines()[1])
