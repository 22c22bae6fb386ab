import numpy as np

x = np.linspace(-2, 2, 5)
grid = x[:, None] ** 2 + x[None, :] ** 2
print(grid <= 1.0)
print(np.where(grid <= 1.0, 1, 0).sum())
inside = (grid < 4) & (x[:, None] > 0)
print(inside.astype(int))
