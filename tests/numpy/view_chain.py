import numpy as np

a = np.zeros((4, 5), dtype=np.int32)
b = a[1:3]
c = b[:, 2:]
d = c[1]
d[1] = 9
print(a)
c[0] = 4
print(a)
e = a.T[1:, 1:3]
e += 1
print(a)
print(a[1:3][0][2:])
