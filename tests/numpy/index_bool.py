import numpy as np

a = np.array([3, -1, 4, -1, 5, -9, 2, 6])
mask = a > 0
print(mask, a[mask], a[~mask])
print(a[(a > 0) & (a % 2 == 0)])
print(a[a < 0].sum(), a[a > 100], a[a > 100].shape)
m = np.arange(12).reshape(3, 4)
print(m[m % 3 == 0])
print(m[np.array([True, False, True])])
print(m[:, np.array([False, True, True, False])])
print(m[m.sum(axis=1) > 10])
