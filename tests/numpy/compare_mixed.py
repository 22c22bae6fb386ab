import numpy as np

u = np.array([0, 128, 255], dtype=np.uint8)
i = np.array([-1, 127, 255], dtype=np.int16)
print(u > i, u == i, (u < i).dtype)
print(np.array([1, 2], dtype=np.uint32) < np.array([-1, 3], dtype=np.int32))
f = np.array([0.5, 2.0], dtype=np.float32)
print(f == 0.5, f > np.array([0, 3]), f == np.float64(0.5))
print(np.array([0.1], dtype=np.float32) == 0.1, np.array([0.1], dtype=np.float32) == np.float32(0.1))
print(np.array([True, False]) == 1, np.array([1, 2]) == 1.0)
