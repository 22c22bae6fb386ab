import numpy as np

x = np.linspace(0, 1, 4)
y = np.arange(3)
table = x[:, None] * y[None, :]
print(table)
dist = np.abs(x[:, np.newaxis] - x[np.newaxis, :])
print(dist)
pts = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0]])
d2 = ((pts[:, None, :] - pts[None, :, :]) ** 2).sum(axis=-1)
print(d2)
print(np.sqrt(d2))
