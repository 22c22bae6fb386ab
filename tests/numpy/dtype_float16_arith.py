import numpy as np

a = np.array([0.1, 0.2, 0.3], dtype=np.float16)
b = np.array([1000.0, 2048.0, 0.001], dtype=np.float16)
print(a + b, a * b, b / a, a - b)
print(a.sum(), a.mean(), b.max(), (a + b).dtype)
print(np.sqrt(a), np.sqrt(a).dtype)
print(a.astype(np.float64), b.astype(np.int32))
print(np.float16(2049), np.float16(0.0001), np.float16(1) / np.float16(3))
print(repr(np.arange(5, dtype=np.float16) / 3))
