import numpy as np

a = np.array([127, -128], dtype=np.int8)
print(a + np.array([1, -1], dtype=np.int8), a * np.array([2, 2], dtype=np.int8))
b = np.array([2**31 - 1], dtype=np.int32)
print(b + b, b * np.array([3], dtype=np.int32))
c = np.array([9223372036854775807])
print(c + c)
u = np.array([0, 1], dtype=np.uint16)
print(u - np.array([1, 2], dtype=np.uint16))
print(np.array([200, 100], dtype=np.uint8) + np.array([100, 100], dtype=np.uint8))
print(np.array([-5], dtype=np.int8).astype(np.uint8), np.array([300]).astype(np.int8))
