import numpy as np

m = np.arange(1, 7).reshape(2, 3)
print(m.cumsum(), np.cumsum(m.T), np.cumprod(m[:, ::-1]))
f = np.linspace(0, 1, 5)
print(np.cumsum(f), np.cumsum(f)[-1] == f.sum())
b = np.array([[True, False], [True, True]])
print(b.cumsum(axis=0), b.cumsum().dtype)
