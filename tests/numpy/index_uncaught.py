import numpy as np

a = np.zeros((3, 3))
a[1, 1] = 5.0
print(a)
print(a[1, 3])
