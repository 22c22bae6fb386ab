import numpy as np

a = np.arange(6, dtype=np.float32).reshape(2, 3)
print(np.zeros_like(a), np.zeros_like(a).dtype)
print(np.ones_like(a, dtype=np.int8))
print(np.full_like(a, 3.7), np.full_like(np.arange(3), 3.7))
e = np.empty_like(a)
print(e.shape, e.dtype)
print(np.zeros_like(a.T).shape)
b = np.ones_like(a)
b[0, 0] = 9
print(a[0, 0])
