import numpy as np

a = np.arange(5)
a += 2
a *= 3
a -= 1
a //= 2
a %= 5
print(a, a.dtype)
f = np.ones(3, dtype=np.float32)
f += 0.5
f /= 3
f **= 2
print(f, f.dtype)
u = np.array([250, 5], dtype=np.uint8)
u += 10
print(u)
b = np.array([1, 2, 3])
b <<= 2
b |= 1
b &= 0xD
b ^= 3
b >>= 1
print(b)
