import numpy as np

a = np.arange(5)
print(a[[0, 4]])
print(a[np.array([1, 5])])
