import numpy as np

e = np.zeros((0, 3))
print(e + np.arange(3), (e + np.arange(3)).shape, (e * 2).shape)
print((np.ones((1, 0)) + np.ones((3, 1))).shape)
print(np.zeros((2, 0)).T.shape, np.zeros((2, 0)).sum(axis=0).shape)
print(repr(np.ones((0, 2)) @ np.ones((2, 3))))
