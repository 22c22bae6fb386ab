import numpy as np

a = np.arange(12).reshape(3, 4)
v = a[1:, ::2]
print(v, v.shape)
v[0, 0] = 99
print(a)
v += 100
print(a)
row = a[0]
row[:] = -1
print(a)
col = a[:, 3]
col *= 2
print(a)
