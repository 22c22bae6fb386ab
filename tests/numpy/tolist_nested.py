import numpy as np

t = np.arange(8).reshape(2, 2, 2).tolist()
print(t, t[1][0][1], len(t))
f = (np.arange(4) / 4).reshape(2, 2).tolist()
print(f, sum(f[1]))
s = [row for row in np.eye(2, dtype=bool).tolist()]
print(s)
print(np.arange(3, dtype=np.int8).tolist(), np.float32(2.5).tolist(), np.array([]).tolist())
