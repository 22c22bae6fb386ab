import numpy as np

a = np.arange(3)
try:
    a += 1.5
except TypeError as e:
    print("TypeError:", e)
print(a)
f = np.zeros(3, dtype=np.float32)
f += np.arange(3)
f += np.ones(3)
print(f, f.dtype)
i8 = np.zeros(2, dtype=np.int8)
i8 += np.ones(2, dtype=np.int64)
print(i8, i8.dtype)
try:
    i8 /= 2
except TypeError as e:
    print("TypeError:", e)
m = np.zeros((2, 3))
m += np.array([1.0, 2.0, 3.0])
print(m)
try:
    v = np.zeros(3)
    v += np.ones((2, 3))
except ValueError as e:
    print("ValueError:", e)
