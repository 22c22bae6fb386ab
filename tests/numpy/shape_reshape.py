import numpy as np

a = np.arange(12)
print(a.reshape(3, 4), a.reshape((2, 6)), a.reshape(-1, 3).shape, a.reshape(2, -1, 2).shape)
print(np.reshape(a, (4, 3)))
print(a.reshape(12, 1).shape, a.reshape(1, 12).shape, a.reshape(1, 1, 12).ndim)
b = a.reshape(3, 4).T.reshape(12)
print(b)
print(a.reshape([3, 4])[2])
z = np.zeros((0, 3))
print(z.shape, z.reshape(3, 0).shape, z.size)
