import numpy as np

h = (np.arange(12, dtype=np.float16) / 7).reshape(3, 4)
print(h.sum(), h.sum(axis=0), h.sum(axis=1), h.mean(axis=1))
print(h.max(axis=0), h.min(), h.cumsum(axis=1))
print(h.var(), h.std(axis=0))
