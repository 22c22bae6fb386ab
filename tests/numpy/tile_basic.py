import numpy as np

a = np.array([1, 2, 3])
print(np.tile(a, 2), np.tile(a, (2, 2)), np.tile(a, (1, 1, 2)).shape)
m = np.array([[1, 2], [3, 4]], dtype=np.int8)
print(np.tile(m, 2), np.tile(m, (3, 1)), np.tile(m, (2, 1, 1)).shape, np.tile(m, 2).dtype)
print(np.tile(np.float32(1.5), 3), np.tile(a, 0), np.tile(a[::-1], 2))
print(np.tile(np.eye(2), (1, 2)))
