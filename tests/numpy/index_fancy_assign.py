import numpy as np

a = np.zeros(8, dtype=np.int32)
a[[1, 3, 5]] = 7
print(a)
a[np.array([0, 2])] = np.array([-1, -2])
print(a)
m = np.zeros((3, 4))
m[[0, 2]] = 1.5
print(m)
m[[0, 1, 2], [3, 2, 1]] = np.array([9.0, 8.0, 7.0])
print(m)
m[:, [0, 3]] = -1
print(m)
a[[1, 1, 1]] += 1
print(a)
