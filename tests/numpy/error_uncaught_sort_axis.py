import numpy as np

a = np.array([[3, 1], [2, 4]])
print(np.sort(a, axis=0))
print(np.argsort(a, axis=2))
