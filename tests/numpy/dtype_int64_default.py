import numpy as np

a = np.array([1, 2, 3])
print(a.dtype, repr(a))
b = np.arange(4)
print(b.dtype)
print(np.array([2**40, 2**41]))
print(np.array([2**40]) * 1024)
print(np.zeros(3, dtype=int).dtype, np.zeros(3, dtype=float).dtype, np.zeros(3, dtype=bool).dtype)
print((a / 2).dtype, (a // 2).dtype, a // 2)
print(np.int64(7) // 2, np.int64(-7) // 2, np.int64(-7) % 3)
