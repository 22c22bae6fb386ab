import numpy as np

m = np.arange(12).reshape(3, 4)
mask = (m % 2 == 0) & (m > 2)
print(mask)
print(m[mask], m[mask].shape)
m2 = m.copy()
m2[~mask] = 0
print(m2)
rows = m[:, 0] > 3
print(m[rows], m[rows, 1:])
cols = m[0] % 2 == 1
print(m[:, cols], m[1:, cols])
print(m[mask.any(axis=1)])
