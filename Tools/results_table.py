#!/usr/bin/env python3
"""Prints the Docs/Results.md tables: the best tuned and the best trained model against every
reference row of ANCHOR-PROTOCOL.md §3, per dataset and horizon, mean / p95 in mm.

Usage: python3 Tools/results_table.py RESULTS_DIR [ANCHOR-PROTOCOL.md]
RESULTS_DIR holds what Tools/results.sh wrote (*.tune.json, *.train.json). The reference rows
are read from the protocol document itself (its "Reference rows to beat, mm" tables)."""
import json, os, re, sys

results = sys.argv[1]
anchor = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "../../shared/design/ANCHOR-PROTOCOL.md")
datasets = [("Inkable-ApplePencil", "Inkable-ApplePencil"), ("TurboTouch-Nancel2018", "TurboTouch-Nancel2018"),
            ("Henze2017-MobileHCI", "henze"), ("SVC2004-Task2", "svc"), ("WacomMSP13-HandwritingSpeed", "wacom")]

def reference_rows(text, dataset):
    section = text.split("### " + dataset, 1)[1].split("\n### ", 1)[0]
    block = section.split("Reference rows to beat, mm", 1)[1]
    rows = []
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 8 or not re.match(r"^[a-d]\d?\)", cells[0]):
            continue
        values = []
        for c in cells[1:8]:
            m = re.match(r"([\d.]+) / ([\d.]+)", c)
            values.append((float(m.group(1)), float(m.group(2))) if m else None)
        rows.append((cells[0], values))
    return rows

def ours(path, key="heldOut"):
    with open(path) as f:
        r = json.load(f)
    return [(h["mean"], h["p95"]) for h in r[key]], r

def fmt(v):
    return "—" if v is None else f"{v[0]:.3g} / {v[1]:.3g}"

text = open(anchor).read()
heads = ["4.17 ms", "8.33 ms", "12.5 ms", "16.67 ms", "20.83 ms", "25 ms", "33.33 ms"]
summary = []
for dataset, stem in datasets:
    refs = reference_rows(text, dataset)
    tuned, tr = ours(os.path.join(results, f"{stem}-polynomial.tune.json"))
    kalman, kr = ours(os.path.join(results, f"{stem}-kalman.tune.json"))
    trained, lr = ours(os.path.join(results, f"{stem}-learned.train.json"))
    # Written by results.sh since session 29; an older results folder has no such row.
    retimed_path = os.path.join(results, f"{stem}-learned-retimed.train.json")
    retimed, rr = ours(retimed_path) if os.path.exists(retimed_path) else (None, None)
    print(f"### {dataset}\n")
    def searched(result, keys):
        spec = dict(kv.split("=", 1) for kv in result['best']['bestSpecification'].split(":", 1)[1].split(","))
        return ", ".join(f"{k}={spec[k]}" if not re.match(r"^-?[\d.e+-]+$", spec[k]) else f"{k}={float(spec[k]):.4g}" for k in keys)
    print(f"Tuned polynomial: {searched(tr, ['order', 'window', 'half-life', 'gap-limit'])}. "
          f"Tuned Kalman: {searched(kr, ['state', 'process-noise', 'gap-limit'])} (measurement noise 1). "
          f"Learned linear: K = {lr['chosen']['historyCount']}, λ = {lr['chosen']['lambda']:g}"
          + (f"; with late reports re-timed: K = {rr['chosen']['historyCount']}, λ = {rr['chosen']['lambda']:g}" if rr else "")
          + f". Split: {tr['split']}.\n")
    print("| predictor, mm mean / p95 | " + " | ".join(heads) + " |")
    print("|---|" + "---|" * len(heads))
    for name, values in refs:
        print(f"| {name} | " + " | ".join(fmt(v) for v in values) + " |")
    for name, values in [("**tuned polynomial (held out)**", tuned), ("**tuned Kalman (held out)**", kalman),
                         ("**learned linear (held out)**", trained),
                         ("**learned linear, late reports re-timed (held out)**", retimed)]:
        if values is None:
            continue
        print(f"| {name} | " + " | ".join(fmt(v) for v in values) + " |")
    # Which reference rows each of ours fails to beat, per horizon and statistic.
    for label, values in [("tuned polynomial", tuned), ("tuned Kalman", kalman), ("learned", trained),
                          ("learned, re-timed", retimed)]:
        if values is None:
            continue
        misses = []
        for h, v in enumerate(values):
            for name, rv in refs:
                r = rv[h]
                if r is None:
                    continue
                if v[0] >= r[0]:
                    misses.append(f"{heads[h]} mean vs {name.split(')')[0]})")
                if v[1] >= r[1]:
                    misses.append(f"{heads[h]} p95 vs {name.split(')')[0]})")
        summary.append((dataset, label, misses, len([1 for v in values]) * 2 * len(refs)))
    print()
print("### Where we do not beat a reference row\n")
for dataset, label, misses, _ in summary:
    if not misses:
        print(f"- {dataset}, {label}: beats every reference row at every horizon, mean and p95")
        continue
    by_row = {}
    for m in misses:
        horizon, rest = m.split(" ms ", 1)
        stat, row = rest.split(" vs ")
        by_row.setdefault(row, []).append(f"{horizon} {stat}")
    print(f"- {dataset}, {label}: {len(misses)} cells not beaten: " + "; ".join(f"{row} at {', '.join(v)}" for row, v in by_row.items()))
