import numpy as np

a = np.array([3, -1, 4, 1, 5, 9, 2, 6])
print(np.sort(a), np.sort(a)[::-1], a)
f = np.array([2.5, -0.5, np.nan, 1.0, -np.inf, np.inf])
print(np.sort(f))
u = np.array([200, 3, 255, 0], dtype=np.uint8)
print(np.sort(u), np.sort(u).dtype)
print(np.sort(np.array([True, False, True])))
print(np.sort(np.array([0.5, 0.25], dtype=np.float32)).dtype, np.sort(np.array([], dtype=np.int32)))
print(np.sort(np.array([1.5, 0.5], dtype=np.float16)))
