import numpy as np

p = np.array([True, True, False, False])
q = np.array([True, False, True, False])
print(np.logical_and(p, q), np.logical_or(p, q), np.logical_xor(p, q), np.logical_not(p))
print(p & q, p | q, p ^ q, ~p)
x = np.array([0, 1, 2, 0])
print(np.logical_and(x, 1), np.logical_or(x, 0), np.logical_not(x))
print(np.logical_and(x > 0, x < 2))
print((x > 0).any(), (x > 5).any(), (x >= 0).all())
