import numpy as np

a = np.ones((3, 4))
print(a.mean(axis=1))
print(a.sum(axis=2))
