import numpy as np

a = np.array([[1, 2], [3, 4]])
print(10 - a, 10 / a, 10 // a, 10 % a)
print(a - 10, a / 10, a // 10)
print(2 * a + 1, -a + 3)
print(1.5 * a, (1.5 * a).dtype)
f = np.array([0.5, 0.25], dtype=np.float32)
print(1 - f, (1 - f).dtype, 1 / f)
