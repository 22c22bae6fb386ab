import numpy as np

vals = np.array([0.05, 0.15, 0.25, 0.95, 0.5, 0.55, 0.7, 0.99, 0.0, 0.45])
edges = np.linspace(0, 1, 5)
bins = np.clip((vals * 4).astype(np.int64), 0, 3)
print(bins)
counts = np.zeros(4, dtype=np.int64)
for b in bins:
    counts[b] += 1
print(counts, counts.sum(), edges)
onehot = (bins[:, None] == np.arange(4)[None, :])
print(onehot.sum(axis=0))
