import numpy as np

a = np.arange(6).reshape(2, 3)
e = np.expand_dims(a, 0)
e[0, 1, 1] = 40
print(a)
s = e.squeeze()
s[0, 0] = -9
print(a)
n = a[None, :, None, :]
print(n.shape)
n[0, 1, 0, 2] = 50
print(a)
