import numpy as np

a = np.array([1.0, np.nan, np.inf, -np.inf, 0.0])
print(np.isnan(a), np.isinf(a), np.isfinite(a))
print(a[np.isfinite(a)])
z = np.array([0.0, 1.0, -1.0])
print(np.isnan(np.array([1, 2])), np.isinf(np.array([1], dtype=np.int8)))
print(a.max(), a.min(), np.isnan(a).sum())
print(np.inf > 1e308, -np.inf, np.nan)
print(np.array([np.inf, -np.inf, np.nan], dtype=np.float32))
