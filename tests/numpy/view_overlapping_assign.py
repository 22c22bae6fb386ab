# Assigning from a view of the same array: numpy reads the whole value
# before writing (a[1:] = a[:-1] shifts; it does not smear).
import numpy as np

a = np.arange(6)
a[1:] = a[:-1]
print(a)
b = np.arange(6)
b[:-1] = b[1:]
print(b)
c = np.arange(9).reshape(3, 3)
c[:, :] = c.T
print(c)
d = np.arange(12, dtype=np.float32).reshape(3, 4)
d[1:, 1:] = d[:-1, :-1]
print(d)
e = np.arange(8)
e[::2] = e[::-2]
print(e)
f = np.arange(10)
v = f[2:]
f[:8] = v
print(f, v)
