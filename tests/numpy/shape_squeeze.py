import numpy as np

a = np.zeros((1, 3, 1, 2))
print(a.squeeze().shape, np.squeeze(a).shape)
print(a.squeeze(axis=0).shape, a.squeeze(axis=2).shape, np.squeeze(a, axis=(0, 2)).shape)
try:
    a.squeeze(axis=1)
except ValueError as e:
    print(e)
b = np.array([[[5]]])
print(b.squeeze(), b.squeeze().shape, b.squeeze().ndim)
print(np.ones((3, 1)).squeeze(-1))
