import numpy as np

a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], dtype=np.float32)
print(a)
print(repr(a))
print(a.shape, a.ndim, a.size, a.dtype)
b = a * 2 + 1
print(b)
print(a.sum(), a.sum(axis=0), a.mean(axis=1, keepdims=True))
print(a @ a.T)
print(a[1], a[1, 2], a[:, 1:])
c = np.zeros((2, 3), dtype=int)
c[0, 1] = 5
c += 2
print(c)
print(np.exp(np.arange(4)))
print(np.where(a > 2, a, 0.0))
for row in a:
    print(row.max())
print(float(a[0, 0]) + 1.5)
x = a.reshape(3, 2)
print(x, x.T.shape)
print(np.linspace(0, 1, 5))
print(a.tolist())
