import numpy as np

a = np.arange(10) * 10
idx = np.array([3, 0, 9, 3])
print(a[idx], a[[1, 2, -1]])
m = np.arange(12).reshape(3, 4)
print(m[[0, 2]])
print(m[[0, 2], [1, 3]])
print(m[:, [3, 0]])
print(m[np.array([[0, 1], [2, 2]])])
print(m[[2, 0], 1:3])
print(m[1, [0, 0, 3]])
r = m[[0, 1]]
r[0, 0] = 1000
print(m[0, 0])
