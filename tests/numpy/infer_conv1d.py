import numpy as np

x = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
k = np.array([1.0, -2.0, 1.0])
n = x.shape[0] - k.shape[0] + 1
idx = np.arange(n)[:, None] + np.arange(k.shape[0])[None, :]
windows = x[idx]
print(windows)
print(windows @ k, (windows * k).sum(axis=1))
sig = np.sin(np.linspace(0, np.pi, 8))
print(np.round(sig[np.arange(6)[:, None] + np.arange(3)] @ (np.ones(3) / 3), 6))
