import numpy as np

w = np.arange(12.0).reshape(3, 4)
xs = np.arange(8.0).reshape(2, 4)
print(xs @ w.T, np.stack([w @ x for x in xs]))
batch = np.arange(18.0).reshape(2, 3, 3)
print(batch @ np.eye(3) - batch)
print(np.arange(3.0) @ batch)
