import numpy as np

a = np.arange(4, dtype=np.float32)
b = a.astype(np.float32)
b[0] = 100
print(a, b)
c = a.astype(np.int64)
c[1] = -5
print(a, c)
v = a[::2].astype(np.float64)
print(v, v.dtype)
print(a.reshape(2, 2).T.astype(np.int8))
print(np.arange(3).astype(np.float16).astype(np.int8), a.astype(float).dtype)
