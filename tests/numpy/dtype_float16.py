import numpy as np

h = np.array([1.0, 0.1, 6550.4, 1e-5], dtype=np.float16)
print(h, h.dtype)
print(repr(h))
print(h.astype(np.float32))
print((h + h).dtype, h + h)
print((h[:2] * np.float32(2)).dtype)
print((h + np.ones(4, dtype=np.float32)).dtype)
print(np.float16(3.14159), repr(np.float16(0.1)))
print(h.nbytes, h.dtype.itemsize)
print(h.tolist())
