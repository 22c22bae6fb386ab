import numpy as np

a = np.arange(24).reshape(2, 3, 4)
t = a.transpose(2, 0, 1)
print(t.shape)
print(t[1])
s = a.swapaxes(0, 2)
print(s.shape, s[3, 2, 1], a[1, 2, 3])
s[0, 0, 0] = -5
print(a[0, 0, 0])
print(a.T.shape, a.T[3, 2, 1])
f = t.reshape(4, 6)
print(f)
print(t.flatten())
