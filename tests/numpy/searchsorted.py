# np.searchsorted: left and right sides, scalars and arrays of values,
# integer and float arrays, nans sorted last; the bucketing and
# inverse-CDF sampling idioms.
import numpy as np

edges = np.array([0.0, 0.5, 1.0, 1.0, 2.5])
print(np.searchsorted(edges, 1.0), np.searchsorted(edges, 1.0, side="right"))
print(np.searchsorted(edges, [-1.0, 0.5, 0.7, 3.0]), np.searchsorted(edges, np.array([[0.5], [2.5]]), side="right"))
print(type(np.searchsorted(edges, 0.2)).__name__, np.searchsorted(np.arange(10), 4), np.searchsorted([1, 3, 5], 4))
print(np.searchsorted(np.array([1, 2, np.nan]), np.array([np.nan, 3.0, 0.0])))
print(np.searchsorted(np.arange(10, dtype=np.int8), np.array([3, 3, 100, -100])))
print(np.searchsorted(np.array([], dtype=np.float32), 1.0), np.searchsorted(np.arange(5), np.array([2.5, 2.0])))
# sampling from a cumulative distribution with fixed uniforms
probs = np.array([0.1, 0.2, 0.3, 0.4], dtype=np.float32)
cdf = np.cumsum(probs)
u = np.array([0.05, 0.1, 0.35, 0.9999, 0.6], dtype=np.float32)
print(cdf, np.searchsorted(cdf, u), np.searchsorted(cdf, u, side="right"))
try:
    np.searchsorted(edges, 1.0, side="middle")
except ValueError as e:
    print("ValueError:", e)
