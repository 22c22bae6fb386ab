import numpy as np

x = np.array([[1.0, 2.0, 3.0], [4.0, 6.0, 8.0]])
print(x - x.mean(axis=1, keepdims=True))
print(x / x.sum(axis=0, keepdims=True))
print(x / np.linalg.norm(x, axis=1, keepdims=True))
print((x - x.min(axis=0)) / (x.max(axis=0) - x.min(axis=0)))
print(x.max(axis=1, keepdims=True) == x)
