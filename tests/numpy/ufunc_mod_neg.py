import numpy as np

a = np.array([-7.5, -1.0, 0.0, 1.0, 7.5])
print(a % 2, a % -2, a // 2, a // -2)
print(np.mod(np.array([-3, 3]), np.array([2, -2])), np.fmod(np.array([-3.0, 3.0]), 2))
print(np.array([5, -5], dtype=np.int8) // np.array([2, 2], dtype=np.int8))
print(np.array([0.0]) % 1.0, -np.array([0.0]) % 1.0)
