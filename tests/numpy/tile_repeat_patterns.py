import numpy as np

row = np.arange(3)
grid = np.tile(row, (3, 1))
print(grid, grid.T)
print(np.repeat(np.arange(3), 3).reshape(3, 3))
checker = (np.tile(np.array([[0, 1], [1, 0]]), (2, 2))).astype(np.uint8) * 255
print(checker)
print(np.repeat(np.array([[1.5, 2.5]]), 2, axis=0) + np.tile(np.array([[10.0], [20.0]]), (1, 2)))
