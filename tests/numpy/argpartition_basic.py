import numpy as np

a = np.array([9, 4, 7, 1, 8, 2, 6])
k = 3
idx = np.argpartition(a, k)
print(a[idx[k]], np.sort(a[idx[:k]]), np.sort(a[idx[k + 1:]]))
idx2 = np.argpartition(-a, 2)[:2]
print(np.sort(a[idx2]))
m = np.array([[5.0, 1.0, 3.0], [2.0, 9.0, 4.0]])
p = np.argpartition(m, 0, axis=1)
print(m[np.arange(2), p[:, 0]])
try:
    np.argpartition(a, 10)
except ValueError as e:
    print(e)
