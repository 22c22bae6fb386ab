import numpy as np

a = np.zeros((3, 4))
a[:] = np.arange(4)
print(a)
a[:, :] = np.arange(3).reshape(3, 1)
print(a)
a[1] = 7
print(a)
a[:, 1:3] = np.array([[-1, -2]])
print(a)
b = np.zeros((2, 2, 3), dtype=np.int32)
b[0] = np.array([1, 2, 3])
b[1, :, 2] = 9
print(b)
