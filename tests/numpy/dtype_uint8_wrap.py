import numpy as np

a = np.array([0, 1, 250, 255], dtype=np.uint8)
print(a, a.dtype)
print(a + np.uint8(10))
print(a - np.uint8(1))
print(a * np.uint8(2))
print((a + 1).dtype, a + 1)
print(a.astype(np.int16) + 10)
print(a.sum(), a.sum().dtype)
print(a.mean(), a.max(), a.min())
print(a // 3, a % 3)
