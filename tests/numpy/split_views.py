import numpy as np

a = np.zeros(6)
p, q = np.split(a, 2)
p[0] = 1.0
q += 5
print(a)
m = np.arange(8).reshape(2, 4)
halves = np.split(m, 2, axis=1)
halves[1][0, 0] = -1
print(m)
qkv = np.arange(18.0).reshape(2, 9)
qq, kk, vv = np.split(qkv, 3, axis=-1)
print(qq, kk.shape, vv[1])
