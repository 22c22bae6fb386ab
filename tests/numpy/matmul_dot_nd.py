import numpy as np

a = np.arange(24.0).reshape(2, 3, 4)
b = np.arange(40.0).reshape(2, 4, 5)
d = np.dot(a, b)
print(d.shape, d[1, 2, 1], d.sum())
print(np.dot(a, np.arange(4.0)), a.dot(np.arange(20.0).reshape(4, 5)).shape)
print(np.dot(np.arange(4.0), b).shape, np.dot(np.arange(4.0), b))
print(np.dot(np.arange(3), 2), np.dot(3, np.eye(2)))
try:
    np.dot(a, a)
except ValueError as e:
    print(e)
try:
    np.ones((2, 3)).dot(np.ones((2, 3)))
except ValueError as e:
    print(e)
