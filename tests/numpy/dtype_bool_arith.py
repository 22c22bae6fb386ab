import numpy as np

m = np.array([True, False, True, True])
print(m, m.dtype, repr(m))
print(m.sum(), m.sum().dtype)
print(m + m, (m + m).dtype)
print(m * 3, (m * 3).dtype)
print(m & ~m, m | False, m ^ True)
print(m.astype(int), m.astype(np.float32))
print(m.any(), m.all(), m.mean())
print(np.array([0, 2, 0, -1]).astype(bool))
print(np.logical_not(m))
