import numpy as np

a = np.arange(3, dtype=np.float32)
b = np.asarray(a)
b[0] = 9
print(a)
c = np.array(a)
c[1] = -1
print(a, c)
d = np.asarray(a, dtype=np.float64)
d[2] = 100
print(a, d)
print(np.asarray([[1, 2], [3, 4]]).shape, np.asarray((1.5, 2.5)))
print(np.array([np.float32(1), np.float32(2)]).dtype)
print(np.array([[1, 2], [3, 4]], dtype=np.uint8).dtype)
