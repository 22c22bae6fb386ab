import numpy as np

a = np.arange(6).reshape(2, 3)
print(a + np.array([10, 20, 30]))
print(a + np.array([[100], [200]]))
print(a * np.array([1.5]))
col = np.arange(3).reshape(3, 1)
row = np.arange(4)
print(col * 10 + row)
print((col + row).shape)
x = np.ones((2, 1, 3))
y = np.ones((4, 1))
print((x + y).shape)
print(np.zeros((3, 1, 1)) + np.ones((1, 2, 1)) + np.full((1, 1, 4), 2.0))
