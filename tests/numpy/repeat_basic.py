import numpy as np

a = np.array([1, 2, 3])
print(np.repeat(a, 2), np.repeat(a, [3, 0, 1]), a.repeat(2))
m = np.array([[1, 2], [3, 4]])
print(np.repeat(m, 2), np.repeat(m, 2, axis=0), np.repeat(m, [1, 2], axis=1), m.repeat(3, axis=-1))
print(np.repeat(np.array([0.5], dtype=np.float32), 3), np.repeat(7, 4))
try:
    np.repeat(a, [1, 2])
except ValueError as e:
    print(e)
img = np.array([[1, 2], [3, 4]], dtype=np.uint8)
up = img.repeat(2, axis=0).repeat(2, axis=1)
print(up)
