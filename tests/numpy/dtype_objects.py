import numpy as np

a = np.zeros(3, dtype=np.float32)
print(a.dtype, repr(a.dtype), a.dtype.name, a.dtype.itemsize)
print(np.float32, np.int64, np.uint8)
d = a.dtype
print(d == np.float32, d == np.float64)
b = np.ones(2, dtype=d)
print(b, b.dtype)
for t in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.float16, np.float32, np.float64, np.bool_]:
    x = np.zeros(2, dtype=t)
    print(x.dtype.name, x.dtype.itemsize, x.nbytes, x)
