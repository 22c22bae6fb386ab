import numpy as np

a = np.array([1.5, 2.25, -3.0], dtype=np.float32)
print(a, a.dtype, a.itemsize, a.dtype.itemsize)
print(repr(a))
print(a + a, (a + a).dtype)
print(a * 3, (a * 3).dtype)
print(a / 2, (a / 2).dtype)
print(a.sum(), a.sum().dtype)
print(a.astype(np.float64).dtype)
print(a.nbytes)
