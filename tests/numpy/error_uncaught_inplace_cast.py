import numpy as np

counts = np.zeros(3, dtype=np.int64)
counts += 2
print(counts)
counts *= 0.5
print(counts)
