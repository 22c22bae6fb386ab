import numpy as np

a = np.array([True, False, True])
b = np.array([True, True, False])
print(a + b, a * b, (a + b).dtype, a.sum(), (a & b).sum())
print(a > b, a >= b, a == b, np.maximum(a, b), np.minimum(a, b))
print(a + 1, a * 1.5, a / 2, (a / 2).dtype)
try:
    print(a - b)
except TypeError as e:
    print("TypeError:", e)
try:
    print(-a)
except TypeError as e:
    print("TypeError:", e)
print(a.astype(np.uint8) - b.astype(np.uint8))
