import numpy as np

a = np.arange(10.0)
v = a[2:6]
v *= 10
print(a)
a[1:] += a[:-1]
print(a)
m = np.arange(9).reshape(3, 3)
m += m.T
print(m)
x = np.arange(5)
y = x
y += 1
print(x, x is y)
