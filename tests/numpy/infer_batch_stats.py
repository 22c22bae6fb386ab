import numpy as np

batch = np.arange(60, dtype=np.float64).reshape(3, 4, 5) % 7
print(batch.mean(axis=(0, 2)), batch.var(axis=(0, 2)))
running = np.zeros(4)
for i in range(batch.shape[0]):
    running = 0.9 * running + 0.1 * batch[i].mean(axis=1)
print(running)
bn = (batch - batch.mean(axis=(0, 2), keepdims=True)) / np.sqrt(batch.var(axis=(0, 2), keepdims=True) + 1e-5)
print(np.round(bn[0], 5))
