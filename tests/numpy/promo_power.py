import numpy as np

a = np.array([1, 2, 3, 4])
print(a ** 2, (a ** 2).dtype)
print(a ** 0.5, (a ** 0.5).dtype)
f = np.array([1.0, 2.0, 4.0], dtype=np.float32)
print(f ** 2, (f ** 2).dtype, f ** 0.5)
print(2 ** a, (2 ** a).dtype)
print(2.0 ** f, (2.0 ** f).dtype)
print(np.power(a, 3))
u = np.array([2, 3], dtype=np.uint8)
print(u ** 2, (u ** 2).dtype)
print(np.array([2.0, 3.0]) ** np.array([3, 2]))
print(np.float32(3) ** 2, (np.float32(3) ** 2).dtype)
