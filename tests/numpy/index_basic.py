import numpy as np

a = np.arange(24).reshape(2, 3, 4)
print(a[1], a[1, 2], a[1, 2, 3], a[-1, -1, -1])
print(a[0, :, 1], a[:, 1, :], a[..., 2])
print(a[1, ...], a[..., 1:3].shape, a[0, ..., 0])
print(a[:, None].shape, a[None, :, None].shape, a[..., None].shape)
print(a[0][1][2], type(a[0, 1, 2].item()).__name__)
x = a[1, 2, 3]
print(x, x.dtype, x.shape, x.ndim)
