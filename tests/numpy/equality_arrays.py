import numpy as np

a = np.array([1, 2, 3])
b = np.array([1, 2, 3])
print((a == b).all(), (a != b).any(), np.array_equal(a, b), np.array_equal(a, b[:2]))
c = a.copy()
c[1] = 5
print((a == c).all(), np.sum(a != c))
print(bool(np.all(np.abs(a * 1.0 - b) < 1e-9)))
if (a > 0).all():
    print("positive")
if not (a > 2).all():
    print("not all > 2")
try:
    if a > 1:
        print("?")
except ValueError as e:
    print(e)
print(np.array_equal(np.array([1.0, np.nan]), np.array([1.0, np.nan])), np.array_equal(np.arange(3), [0, 1, 2]))
print(np.array_equal(np.ones((2, 1)), np.ones(2)), np.array_equal(np.zeros(2, dtype=np.uint8), np.zeros(2)))
