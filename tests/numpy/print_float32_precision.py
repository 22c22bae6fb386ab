import numpy as np

print(np.array([0.1, 0.2, 0.3], dtype=np.float32))
print(np.array([1 / 3], dtype=np.float32), np.array([1 / 3]))
print(np.array([123.456, 1e-3], dtype=np.float32))
print(np.array([1e7, 1e8], dtype=np.float32), np.array([1e15, 1e16]))
print(repr(np.array([3.0, 4.5], dtype=np.float32)), repr(np.array([1e-8], dtype=np.float32)))
print(np.float32(16777217.0), np.float32(0.3), np.float64(0.3))
print(np.array([2.0 ** -20, 1.0], dtype=np.float32))
