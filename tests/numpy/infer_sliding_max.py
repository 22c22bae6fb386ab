import numpy as np

x = np.array([1, 3, -1, -3, 5, 3, 6, 7])
w = 3
out = np.array([x[i:i + w].max() for i in range(len(x) - w + 1)])
print(out)
stacked = np.stack([x[i:len(x) - w + 1 + i] for i in range(w)])
print(stacked.max(axis=0), stacked.argmax(axis=0))
