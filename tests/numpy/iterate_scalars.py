import numpy as np

a = np.array([1.5, 2.5, 3.5], dtype=np.float32)
for x in a:
    print(x, x.dtype, x * 2)
total = np.float32(0)
for x in a:
    total = total + x
print(total, total.dtype)
for i, x in enumerate(np.arange(3)):
    print(i, x, x + i)
for row in np.arange(6).reshape(3, 2):
    print(row, row.shape, row.sum())
print([int(v) for v in np.arange(4) * 2])
print(list(np.array([True, False])))
