import numpy as np

a = np.arange(20)
e = a[::2]
o = a[1::2]
print(e, o, e + o)
e[:] = 0
print(a)
m = np.arange(36).reshape(6, 6)
print(m[::2, ::3], m[1::2, ::-2])
sub = m[::2, ::2]
sub *= -1
print(m)
print(sub.sum(axis=0))
