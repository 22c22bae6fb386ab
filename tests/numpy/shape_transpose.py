import numpy as np

a = np.arange(6).reshape(2, 3)
print(a.T, np.transpose(a), a.transpose())
b = np.arange(24).reshape(2, 3, 4)
print(np.transpose(b, (1, 0, 2)).shape, b.transpose((2, 1, 0)).shape, b.transpose(0, 2, 1)[1])
print(b.T.shape)
v = np.arange(4)
print(v.T, v.T.shape)
print(np.swapaxes(b, 0, 1).shape, b.swapaxes(-1, 0).shape)
try:
    b.transpose(0, 1)
except ValueError as e:
    print(e)
