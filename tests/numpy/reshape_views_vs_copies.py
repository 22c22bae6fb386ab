import numpy as np

a = np.arange(12)
b = a.reshape(3, 4)
b[0, 0] = 100
print(a[0])
t = b.T
c = t.reshape(12)
c[0] = -1
print(b[0, 0], c[:4])
r = b[:, ::2].reshape(6)
r[1] = 77
print(b)
f = b.ravel()
f[5] = 55
print(a)
g = np.arange(24).reshape(4, 6)
h = g[:, :3]
v = h.reshape(2, 2, 3)
v[1, 1, 2] = -5
print(g[3])
w = h.reshape(12)
w[0] = -7
print(g[0, 0], w[:3])
x = g[::2].reshape(2, 2, 3)
x[0, 0, 0] = 99
print(g[0, 0])
y = g.T.reshape(24)
y[1] = 1000
print(g[1, 0])
