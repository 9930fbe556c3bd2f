"""Golden values for Lookahead's type-7 percentiles (Tests/LookaheadKitTests/Metrics/PercentileTests.swift).

How the numbers were made: numpy's default `numpy.percentile(values, q)` (method "linear",
Hyndman & Fan type 7) on small hand-written arrays and on the 101 values
v_i = ((i * 37) % 101) / 7 for i in 0..100 (a fixed permutation, no random generator).
Printed with repr() so that the Swift test can compare to the last bit.

Run: python3 Tools/percentile_golden.py   (numpy 2.4.6 was used)
"""
import numpy as np

cases = {
    "four": [1.0, 2.0, 3.0, 4.0],
    "unsorted": [15.0, 20.0, 35.0, 40.0, 50.0],
    "single": [7.5],
    "ties": [2.0, 2.0, 2.0, 5.0, 5.0],
    "permutation": [((i * 37) % 101) / 7 for i in range(101)],
    "tenths": [0.1 * i for i in range(1, 21)],
}
for name, values in cases.items():
    for q in (0, 5, 25, 50, 75, 95, 100):
        print(name, q, repr(float(np.percentile(np.array(values), q))))
