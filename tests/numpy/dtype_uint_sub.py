import numpy as np

x = np.array([10, 20, 30], dtype=np.uint8)
y = np.array([20, 10, 30], dtype=np.uint8)
print(x - y, (x - y).dtype)
print(x.astype(np.int16) - y, (x.astype(np.int16) - y).dtype)
print(np.abs(x.astype(np.int16) - y.astype(np.int16)).astype(np.uint8))
d = np.maximum(x, y) - np.minimum(x, y)
print(d)
print(x // y, x % y, (x > y).astype(np.uint8) * 255)
