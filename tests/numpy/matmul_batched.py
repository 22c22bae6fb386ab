import numpy as np

a = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
b = np.arange(40, dtype=np.float64).reshape(2, 4, 5)
c = a @ b
print(c.shape, c[1], np.matmul(a, b)[0, 0])
w = np.arange(20.0).reshape(4, 5)
print((a @ w).shape, (a @ w)[1, 2])
x = np.ones((3, 1, 2, 3))
y = np.ones((4, 3, 2))
print((x @ y).shape)
v = np.arange(4.0)
print((a @ v).shape, a @ v)
