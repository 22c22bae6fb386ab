import numpy as np

a = np.array([100, 120, -128, 127], dtype=np.int8)
print(a, a.dtype)
print(a + np.int8(10))
print((a + np.int8(10)).dtype)
b = a.astype(np.int16) * 3
print(b, b.dtype)
c = -a
print(c)
print(a // 3, a % 7)
print(a.sum(), a.sum().dtype)
print(a.max(), a.min())
