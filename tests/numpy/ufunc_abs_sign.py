import numpy as np

a = np.array([-2.5, -0.0, 0.0, 3.0, np.nan])
print(np.abs(a), np.absolute(a), abs(a), np.sign(a))
i = np.array([-5, 0, 7], dtype=np.int8)
print(np.abs(i), np.sign(i), np.sign(i).dtype, abs(i).dtype)
print(np.abs(np.array([-128], dtype=np.int8)))
u = np.array([0, 3], dtype=np.uint8)
print(np.sign(u), np.abs(u))
print(-np.array([1, 2], dtype=np.uint8))
print(np.negative(np.array([1.5, -2.0])), np.positive(np.array([-1])))
