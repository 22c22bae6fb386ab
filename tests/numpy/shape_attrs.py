import numpy as np

for a in [np.zeros(()), np.zeros(4), np.zeros((2, 3)), np.zeros((2, 0, 3)), np.ones((1, 1, 1, 1), dtype=np.int8)]:
    print(a.shape, a.ndim, a.size, len(a.shape), a.nbytes, a.dtype)
a = np.zeros((5, 2))
print(len(a), a.shape[0], a.shape[-1])
h, w = a.shape
print(h * w)
