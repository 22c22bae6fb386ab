import numpy as np

a = np.arange(120, dtype=np.float64).reshape(2, 3, 4, 5)
print(a.sum(axis=(1, 3)), a.max(axis=(0, 2)).shape, a.mean(axis=(-1, -2)).shape)
print(a.min(axis=(0, 1, 2, 3)), np.any(a > 100, axis=(1, 2)), np.all(a >= 0, axis=(0, 3)).shape)
print(a.sum(axis=(0, 2), keepdims=True).shape, a.std(axis=(2, 3)))
