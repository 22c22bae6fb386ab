import numpy as np

print(np.arange(24).reshape(2, 3, 4))
print(np.arange(8.0).reshape(2, 2, 2) / 3)
print(repr(np.zeros((2, 1, 2), dtype=np.int8)))
print(np.ones((1, 1, 1)))
print(np.arange(16).reshape(2, 2, 2, 2))
