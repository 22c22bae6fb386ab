import numpy as np

x = np.float32(1.5)
print(x + 1, (x + 1).dtype, 1 + x, (1 + x).dtype, x * 2.0, (2.0 * x).dtype)
n = np.int32(5)
print(n + 1.5, (n + 1.5).dtype, n * True, 3 - n, (3 - n).dtype)
print(np.uint8(3) + 1, (np.uint8(3) + 1).dtype, np.int8(3) * 100)
print(float(x) + 1, int(n) * 2, x > 1, n == 5)
