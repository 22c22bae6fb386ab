import numpy as np

print(np.arange(5), np.arange(2, 7), np.arange(1, 10, 3), np.arange(10, 0, -2))
print(np.arange(0.0, 1.0, 0.25), np.arange(0, 1, 0.1).shape)
print(np.arange(5, dtype=np.float32), np.arange(3, dtype=np.uint8).dtype)
print(np.arange(1.5, 4), np.arange(0), np.arange(5, 2))
print(np.arange(-3, 3).dtype, np.arange(0.5, 3).dtype)
print(np.arange(0, 5, 0.5).shape, np.arange(3, 0, -0.5))
