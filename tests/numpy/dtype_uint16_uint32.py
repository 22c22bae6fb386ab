import numpy as np

a = np.array([1, 60000, 65535], dtype=np.uint16)
b = np.array([1, 2, 3], dtype=np.uint32)
print(a.dtype, b.dtype, (a + b).dtype, a + b)
print((a + np.int16(1)).dtype)
print((b + np.int32(1)).dtype)
print((b - np.uint32(2)))
print(a.astype(np.float32))
print(b.sum(), b.sum().dtype, a.sum().dtype)
print(np.array([4000000000], dtype=np.uint32))
