import numpy as np

words = np.array([4, 1, 4, 2, 4, 1])
u = np.unique(words)
counts = np.array([(words == x).sum() for x in u])
print(u, counts, u[counts.argmax()])
f = np.unique(np.round(np.array([0.11, 0.12, 0.21, 0.19]), 1))
print(f)
print(np.unique(np.arange(12).reshape(3, 4) % 5))
