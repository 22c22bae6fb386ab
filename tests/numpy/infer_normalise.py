import numpy as np

x = np.array([[1.0, 200.0, 3.0], [2.0, 180.0, 5.0], [3.0, 220.0, 4.0], [4.0, 210.0, 8.0]])
mu = x.mean(axis=0)
sd = x.std(axis=0)
z = (x - mu) / sd
print(np.round(z, 5))
print(np.round(z.mean(axis=0), 10), np.round(z.std(axis=0), 10))
mn = x.min(axis=0)
mx = x.max(axis=0)
print((x - mn) / (mx - mn))
l2 = x / np.sqrt((x * x).sum(axis=1, keepdims=True))
print(np.round(l2, 6))
