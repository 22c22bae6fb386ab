import numpy as np

a = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
s = a.sum()
print(s, s.dtype, s.shape, s.ndim)
m = a.mean()
print(m * 2, (m * 2).dtype, float(m) * 2)
mx = a.max(axis=0)[1]
print(mx, mx.dtype)
print(a[0, 0] + a[1, 1], (a[0, 0] + a[1, 1]).dtype)
b = a.sum() + np.ones(2)
print(b, b.dtype)
c = a.sum() + np.ones(2, dtype=np.float16)
print(c, c.dtype)
