import numpy as np

a = np.arange(24).reshape(2, 3, 4)
print(a + np.arange(4), a * np.arange(3).reshape(3, 1), a - np.arange(2).reshape(2, 1, 1))
print((a + np.ones((1, 3, 1), dtype=np.int8)).dtype)
print(np.maximum(a, np.array([[5], [10], [15]]))[1])
print((a[:, :, :1] * a[:, :1, :]).shape)
