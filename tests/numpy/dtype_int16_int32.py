import numpy as np

a = np.arange(5, dtype=np.int16)
b = np.arange(5, dtype=np.int32)
print(a.dtype, b.dtype, (a + b).dtype)
print((a * 1000).dtype, a * 1000)
print((b * b).dtype)
print(a.astype(np.int32) + b)
c = np.array([30000, -30000], dtype=np.int16)
print(c + c)
print(c.sum(), c.sum().dtype)
print(np.array([2**31 - 1], dtype=np.int32) + np.array([1], dtype=np.int32))
