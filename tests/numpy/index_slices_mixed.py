import numpy as np

a = np.arange(60).reshape(3, 4, 5)
print(a[1:, 1:3, ::2])
print(a[:, -1, :].shape, a[:, -1:, :].shape)
print(a[..., ::-1][0, 0])
print(a[2, 1:, 4])
print(a[:2, None, 0, 1:3])
print(a[1:2, :, 3].shape)
print(a[5:], a[5:].shape, a[:, 10:].shape)
