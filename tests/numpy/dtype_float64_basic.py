import numpy as np

a = np.array([0.1, 0.2, 0.3])
print(a, a.dtype)
print(a + 0.1)
print(a.sum(), a.mean())
print(repr(a * 1e10))
print(repr(a / 1e10))
print(np.array([1.0, 2.0]).dtype, np.array([1, 2.5]).dtype)
b = np.zeros(3)
print(b, b.dtype, repr(b))
