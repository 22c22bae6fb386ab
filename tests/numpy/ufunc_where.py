import numpy as np

a = np.arange(-3, 4)
print(np.where(a > 0, a, 0), np.where(a > 0, 1.0, -1.0), np.where(a % 2 == 0, a, a * 10))
print(np.where(a > 0, a, 0.5).dtype, np.where(a > 0, np.float32(1), np.float32(0)).dtype)
m = np.arange(6).reshape(2, 3)
print(np.where(m > 2, m, np.array([100, 200, 300])))
print(np.where(np.array([[True], [False]]), m, -m))
print(np.where(np.array([True, False]), np.array([1, 2], dtype=np.uint8), np.array([3, 4], dtype=np.int8)).dtype)
