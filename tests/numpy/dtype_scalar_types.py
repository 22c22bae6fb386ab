import numpy as np

x = np.float32(2.5)
print(x, repr(x), x.dtype)
y = np.float64(0.1)
print(y, y * 3, (y * 3).dtype)
i = np.int32(7)
print(i, i * 2, (i * 2).dtype, i / 2, (i / 2).dtype)
u = np.uint8(200)
print(u, np.array([u]) + np.uint8(100))
print(np.int8(-5), np.int16(300), np.int64(2**40))
print(np.float16(1.5) + np.float16(2.25))
print(np.bool_(True), np.bool_(0))
print(float(x), int(i), x.item(), i.item())
