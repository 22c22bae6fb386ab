import numpy as np

m = np.arange(12, dtype=np.float32).reshape(3, 4)
n = np.linalg.norm(m, axis=1)
print(n, n.dtype)
u = m / n[:, None]
print(np.round(np.linalg.norm(u, axis=1), 5))
print(np.linalg.norm(np.arange(4).reshape(2, 2), axis=0), np.linalg.norm(np.array([[3, 4]]), axis=-1, keepdims=True))
