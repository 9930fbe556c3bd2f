#!/usr/bin/env python3
"""Makes the two trace files of Docs/Results.md's "Fast finger scribbles in the pool" (session 29)
from TurboTouch's optitrack subset (56 finger scribbles, about 60 Hz, unit unknown), converted first:

    lookahead datasets convert TurboTouch-Nancel2018:optitrack optitrack.lktrace.csv
    python3 Tools/optitrack_fit_trace.py optitrack.lktrace.csv optitrack-fit.lktrace.csv optitrack-val.lktrace.csv

- The scale is an assumption, written into both files: 0.1 mm per device unit. The subset's x range
  (230..4764) matches the 476.6 mm width of the 21.5-inch 1920x1080 display that TurboTouch's own
  0.248 mm per pixel assumes (ANCHOR-PROTOCOL section 2). It comes from the data's range, not from
  any score, and is unverified.
- Strokes are split by order: every 4th (0-based index % 4 == 3, 14 strokes) goes to the second
  file (view O, never fitted), the other 42 to the first; each file numbers its strokes from 0.

The data is research-only (Inria licence): write the files outside the repository.
"""
import sys

SCALE = "0.1"
SCALE_NOTE = ("millimetres_per_unit=0.1 assumed (x range 230..4764 device units against the 476.6 mm width "
              "of a 21.5-inch display; unverified)")


def main(source, fit_path, view_path):
    lines = open(source, encoding="utf-8").read().rstrip("\n").split("\n")
    header, columns, rows = [], None, []
    for line in lines:
        if line.startswith("#"):
            if line.startswith("# millimetres_per_unit:"):
                line = "# millimetres_per_unit: " + SCALE
            elif line.startswith("# note: millimetres_per_unit="):
                line = "# note: " + SCALE_NOTE
            header.append(line)
        elif columns is None:
            columns = line
        else:
            rows.append(line)
    if "# millimetres_per_unit: " + SCALE not in header:
        sys.exit(f"{source}: no millimetres_per_unit line; give the file `lookahead datasets convert` wrote")
    stroke = columns.split(",").index("stroke")
    order = {}
    for row in rows:
        order.setdefault(int(row.split(",")[stroke]), len(order))
    for path, keep in [(fit_path, lambda i: i % 4 != 3), (view_path, lambda i: i % 4 == 3)]:
        numbers, out = {}, header + [columns]
        for row in rows:
            fields = row.split(",")
            index = order[int(fields[stroke])]
            if not keep(index):
                continue
            fields[stroke] = str(numbers.setdefault(index, len(numbers)))
            out.append(",".join(fields))
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
        print(f"wrote {path}: {len(numbers)} strokes, {len(out) - len(header) - 1} rows")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
