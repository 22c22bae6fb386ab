import numpy as np

v = np.array([1.0, 2.0, 3.0])
w = np.array([4.0, -5.0, 6.0])
print(v @ w, np.dot(v, w), (v @ w).shape)
m = np.arange(9.0).reshape(3, 3)
print(m @ v, v @ m, (m @ v).shape)
print(np.dot(np.arange(4), np.arange(4)), np.array([1, 2]) @ np.array([[1, 2], [3, 4]]))
print(np.dot(2.0, v), np.dot(v, 3))
