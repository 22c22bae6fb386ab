import numpy as np

a = np.arange(6, dtype=np.float32)
b = a.reshape(2, 3)
b[1, 2] = 50.0
print(a)
c = b.T
c[0, 1] = -7.0
print(a, b)
d = a[::-1]
d[0] = 1000.0
print(a)
e = a.reshape(3, 2)[1:]
e[:] = 0
print(a)
