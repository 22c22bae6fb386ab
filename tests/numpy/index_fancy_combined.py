import numpy as np

t = np.arange(60).reshape(3, 4, 5)
print(t[[0, 2], 1].shape, t[[0, 2], 1])
print(t[:, [1, 3], :].shape, t[1, [0, 1], [2, 3]])
print(t[[0, 1], :, [4, 0]].shape)
print(t[..., [0, -1]].shape)
print(t[np.array([[0], [2]]), np.array([1, 3])].shape)
print(t[1:, [0, 3], 2])
