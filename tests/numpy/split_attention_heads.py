import numpy as np

x = np.arange(24.0).reshape(2, 12)
heads = np.split(x, 3, axis=1)
print(len(heads), [h.shape for h in heads])
stacked = np.stack(heads, axis=0)
print(stacked.shape, stacked[2])
merged = np.concatenate(heads, axis=1)
print(np.array_equal(merged, x))
a, b = np.split(np.arange(7), [4])
print(a, b)
