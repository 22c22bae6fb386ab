import numpy as np

a = np.array([7, -7, 8], dtype=np.int32)
print(a / 2, (a / 2).dtype)
print(a // 2, a % 2, (a // 2).dtype)
b = np.array([7, 8], dtype=np.uint8)
print(b / 2, (b / 2).dtype)
c = np.array([7, 8], dtype=np.int8)
print((c / c).dtype, (c / np.float32(2)).dtype)
f = np.array([7.5, -7.5], dtype=np.float32)
print(f // 2, f % 2, (f // 2).dtype)
print(np.array([1, 2], dtype=np.int16) / np.array([4, 8], dtype=np.int16))
print(np.array([1.0, 2.0], dtype=np.float16) / 3)
