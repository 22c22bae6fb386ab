import numpy as np

a = np.arange(6).reshape(2, 3)
f = a.flatten()
f[0] = 100
print(a[0, 0], f)
r = a.ravel()
r[1] = 200
print(a)
t = a.T.ravel()
print(t)
t[0] = -1
print(a)
print(np.ravel(a), a.T.flatten())
