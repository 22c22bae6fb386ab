import numpy as np

a = np.array([1, 5, 3, 5])
b = np.array([2, 5, 1, 6])
print(a < b, a <= b, a > b, a >= b, a == b, a != b)
print(a == 5, 3 < a, np.less(a, 4), np.greater_equal(a, b), np.equal(a, b), np.not_equal(a, 5))
f = np.array([0.1 + 0.2, 0.3, np.nan])
print(f == 0.3, f != f, f > 0.2)
print((a == b).dtype, (a > 2).sum())
u = np.array([200], dtype=np.uint8)
print(u > -1, u < 300, u == 200)
