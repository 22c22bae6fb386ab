import numpy as np

a = np.array([3, 1, 2, 1, 3, 0, 2])
print(np.argsort(a, kind="stable"), a.argsort(kind="stable"), np.argsort(a, kind="mergesort"))
d = np.array([0.3, 0.1, 0.9, 0.5, 0.7])
print(np.argsort(d), d[np.argsort(d)], np.argsort(-d))
m = np.array([[5, 1, 4], [2, 6, 0]])
print(np.argsort(m), np.argsort(m, axis=0), np.argsort(m, axis=None), np.argsort(m).dtype)
f = np.array([np.nan, 1.0, -2.0])
print(np.argsort(f))
