import numpy as np

v = np.arange(3)
print(v[:, None], v[None, :], v[np.newaxis])
print(v[:, None, None].shape)
m = np.arange(6).reshape(2, 3)
print(m[:, None, :].shape, m[None].shape, m[..., np.newaxis].shape)
print(np.expand_dims(v, 0).shape, np.expand_dims(v, 1).shape, np.expand_dims(m, -1).shape)
print(np.expand_dims(m, 1))
