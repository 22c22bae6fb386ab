import numpy as np

a = np.array([5, 2, 8, 1])
r = a.sort()
print(a, r)
m = np.array([[3.0, 1.0, 2.0], [0.0, -1.0, 5.0]])
m.sort(axis=0)
print(m)
m.sort()
print(m)
v = np.arange(10)[::-1]
v[2:7].sort()
print(v)
col = m[:, 1]
col.sort()
print(m)
