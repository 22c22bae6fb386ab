import numpy as np

for s in [3, (3,), (2, 3), [2, 2], (1, 0), (2, 1, 2)]:
    z = np.zeros(s)
    print(z.shape, z.size)
print(np.ones((2, 3), dtype=np.int8).shape, np.full([3], 2.0))
try:
    np.zeros(-1)
except ValueError as e:
    print(e)
print(np.empty(0).shape, np.arange(0).shape)
