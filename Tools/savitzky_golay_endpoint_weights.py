"""Golden values for PolynomialFitTests: Savitzky-Golay weights that give the fitted value at
the newest sample of an equally spaced window (oldest first), computed independently with numpy.

Run: python3 Tools/savitzky_golay_endpoint_weights.py
A window of n samples at positions s = -(n-1)..0, polynomial order p; the weights are the last row
of the hat matrix V (V^T V)^-1 V^T, i.e. the row for s = 0. Also prints the value of a fit 10 ms
ahead for the irregular-time example in the tests (numpy.polyfit).
"""
import numpy as np
from fractions import Fraction

for n, p in [(5, 2), (7, 2), (5, 3)]:
    s = np.arange(-(n - 1), 1, dtype=float)
    V = np.vander(s, p + 1, increasing=True)
    H = V @ np.linalg.solve(V.T @ V, V.T)
    w = H[-1]
    print(n, p, [str(Fraction(x).limit_denominator(1000)) for x in w], w.tolist())

# Irregular times (seconds) and noisy values: weighted-free quadratic fit, value 10 ms ahead.
t = np.array([0.0, 0.004, 0.0095, 0.0121, 0.0168, 0.0203])
x = np.array([3.0, 4.1, 6.3, 6.9, 9.4, 10.2])
c = np.polyfit(t, x, 2)
print("quadratic ahead", repr(np.polyval(c, t[-1] + 0.010)))
