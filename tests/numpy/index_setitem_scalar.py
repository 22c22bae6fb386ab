import numpy as np

a = np.zeros((2, 3), dtype=np.uint8)
a[0, 0] = 255
a[0, 1] = 3.9
a[1, 2] = True
print(a)
f = np.zeros(3, dtype=np.float32)
f[0] = 1 / 3
f[1] = 2
f[-1] = np.float64(0.1)
print(f, f.dtype)
b = np.zeros(2, dtype=bool)
b[1] = 5
print(b)
i = np.zeros(3, dtype=np.int64)
i[2] = -7.9
print(i)
