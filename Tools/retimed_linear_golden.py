#!/usr/bin/env python3
"""Two-point linear extrapolation with late-stamped reports re-timed, on TurboTouch's strokes.csv,
under the anchor protocol: an independent computation (numpy, not the workbench) of the numbers
LateReportRetimingAnchorTests checks a zero-weight MLP with `lateReportFraction` against.

It implements ../shared/design/ANCHOR-PROTOCOL.md section 1 from its text (strokes DOWN..UP,
cleaning R1-R3, issue points from the fifth sample, piecewise-linear truth, numpy's default
percentile) and prints the linear row first, which must equal section 3's to the printed digits.
Then the same extrapolation from a window of the K + 1 newest samples whose late reports are
re-timed by the rule of Sources/LookaheadRuntime/Predictors/LateReportRetiming.swift: with m the
median of the window's steps, a step shorter than fraction * m moves its older sample to the middle
of its neighbours (the oldest sample: one median step before its newer one).

Usage: python3 Tools/retimed_linear_golden.py [../shared/datasets/TurboTouch-Nancel2018/strokes.csv]
Native units (px), mean / p95 per horizon k * 1000/240 ms, k in 1, 2, 3, 4, 5, 6, 8.
"""
import csv
import sys

import numpy as np

HORIZONS_MS = [k * 1000 / 240 for k in (1, 2, 3, 4, 5, 6, 8)]


def strokes(path):
    out, current = [], None
    for row in csv.DictReader(open(path)):
        kind = row["Type"].strip()
        if kind == "DOWN":
            current = []
        if current is None:
            continue
        current.append((int(row["When"]) / 1e6, float(row["X"]), float(row["Y"])))
        if kind == "UP":
            out.append(clean(current))
            current = None
    return out


def clean(rows):
    kept = []
    for t, x, y in rows:
        if kept:
            t_last, x_last, y_last = kept[-1]
            if t < t_last:
                continue
            if t == t_last:
                kept[-1] = (t, x, y)
                continue
            if 0 < t - t_last <= 1 and x == x_last and y == y_last:
                continue
        kept.append((t, x, y))
    t0 = kept[0][0]
    return np.array([(t - t0, x, y) for t, x, y in kept])


def retimed_times(window, fraction):
    t = window[:, 0].copy()
    median = np.median(np.diff(t))
    for j in range(len(t) - 1):
        if t[j + 1] - t[j] < fraction * median:
            t[j] = (t[j - 1] + t[j + 1]) / 2 if j > 0 else t[j + 1] - median
    return t


def linear(history, horizon, fraction=None, history_count=8):
    window = history[-(history_count + 1):]
    t = window[:, 0] if fraction is None else retimed_times(window, fraction)
    velocity = (window[-1, 1:] - window[-2, 1:]) / (t[-1] - t[-2])
    return window[-1, 1:] + velocity * horizon


def row(all_strokes, **options):
    cells = []
    for h in HORIZONS_MS:
        errors = []
        for s in all_strokes:
            for i in range(4, len(s)):
                target = s[i, 0] + h
                if target > s[-1, 0] + 1e-6:
                    continue
                truth = np.array([np.interp(target, s[:, 0], s[:, 1]), np.interp(target, s[:, 0], s[:, 2])])
                errors.append(np.hypot(*(linear(s[: i + 1], h, **options) - truth)))
        errors = np.array(errors)
        cells.append((errors.mean(), np.percentile(errors, 95)))
    return cells


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else "../shared/datasets/TurboTouch-Nancel2018/strokes.csv"
    data = strokes(path)
    for label, options in [("linear (section 3's row)", {}), ("linear, late reports re-timed (0.25, K = 8)", {"fraction": 0.25})]:
        print(label + ": " + "  ".join(f"{m:.6f} / {p:.6f}" for m, p in row(data, **options)))
