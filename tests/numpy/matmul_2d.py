import numpy as np

a = np.arange(6, dtype=np.float64).reshape(2, 3)
b = np.arange(12, dtype=np.float64).reshape(3, 4)
print(a @ b, np.matmul(a, b), np.dot(a, b), a.dot(b))
print((a @ b).shape, (a @ a.T).shape, a.T @ a)
i = np.arange(6).reshape(2, 3)
print(i @ i.T, (i @ i.T).dtype)
print(np.ones((2, 2), dtype=np.int8) @ np.ones((2, 2), dtype=np.int8))
print((np.ones((2, 2), dtype=np.float32) @ np.ones((2, 2))).dtype)
