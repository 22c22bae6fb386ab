import numpy as np

a = np.arange(10)
print(a[::-1], a[::-3], a[8:2:-2], a[-3:])
m = np.arange(12).reshape(3, 4)
print(m[::-1, ::-1])
print(m[::-1].sum(axis=0), m[:, ::-1].cumsum(axis=1))
r = m[::-1]
r[0, 0] = 77
print(m)
print(m[::-2, 1::2])
