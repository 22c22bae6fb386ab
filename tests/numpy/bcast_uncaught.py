import numpy as np

a = np.ones((2, 3))
print(a.sum())
b = a - np.arange(4)
print(b)
