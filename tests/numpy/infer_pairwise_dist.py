import numpy as np

a = np.array([[0.0, 0.0], [3.0, 4.0], [1.0, 1.0]])
b = np.array([[0.0, 0.0], [6.0, 8.0]])
d2 = (a * a).sum(axis=1)[:, None] + (b * b).sum(axis=1)[None, :] - 2 * a @ b.T
print(np.sqrt(np.maximum(d2, 0)))
nearest = d2.argmin(axis=1)
print(nearest, b[nearest])
