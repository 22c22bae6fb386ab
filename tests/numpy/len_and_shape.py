import numpy as np

a = np.zeros((4, 2, 3))
print(len(a), len(a[0]), len(a[0, 0]), a.shape[1], a.shape[-1])
try:
    len(np.float32(1))
except TypeError as e:
    print(e)
try:
    len(np.array(1.0))
except TypeError as e:
    print(e)
n, c = np.zeros((5, 3)).shape
print(n, c, np.zeros((5, 3)).shape == (5, 3))
