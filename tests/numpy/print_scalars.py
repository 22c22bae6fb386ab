import numpy as np

print(np.float32(0.1), np.float64(0.1), np.float16(0.1))
print(repr(np.float32(0.1)), repr(np.float64(1e20)), repr(np.int8(3)))
print(np.array([1.0, 2.0]).sum(), np.array([1, 2]).sum(), np.array([True]).any())
print(str(np.float32(1e-7)), str(np.float64(1e16)), str(np.float32(123456789)))
x = np.arange(3)[1]
print(x, repr(x))
print(np.float32(3.0), np.float64(-0.0), np.float32(np.inf), np.float64(np.nan))
print(f"{np.float32(2.5)} and {np.int64(4)}")
