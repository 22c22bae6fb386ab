import numpy as np

print(np.linspace(0, 1, 5), np.linspace(0, 10, 11))
print(np.linspace(-1, 1, 4), np.linspace(2, 3, 5, endpoint=False))
print(np.linspace(0, 1, 1), np.linspace(0, 1, 0), np.linspace(0, 1, 3, dtype=np.float32))
print(np.linspace(0, 9, 4, dtype=int))
print(np.linspace(1, 0, 6))
print(np.linspace(0, 1).shape)
