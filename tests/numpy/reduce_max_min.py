import numpy as np

a = np.array([[3, 9, -2], [7, 1, 8]])
print(a.max(), a.min(), a.max(axis=0), a.min(axis=1), np.max(a, axis=1, keepdims=True))
print(np.amax(a), np.amin(a, axis=0), a.max().dtype)
f = np.array([1.0, np.nan, 3.0])
print(f.max(), f.min(), np.max(np.array([-0.0, 0.0])))
u = np.array([200, 3, 255], dtype=np.uint8)
print(u.max(), u.min(), u.max().dtype)
try:
    np.zeros(0).max()
except ValueError as e:
    print(e)
print(np.zeros((2, 0)).sum(axis=1))
