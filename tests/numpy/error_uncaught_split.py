import numpy as np

parts = np.split(np.arange(6), 3)
print(parts[1])
print(np.split(np.arange(7), 2))
