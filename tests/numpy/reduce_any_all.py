import numpy as np

m = np.array([[True, False, True], [True, True, True]])
print(m.any(), m.all(), m.any(axis=0), m.all(axis=1), np.all(m, axis=0, keepdims=True))
x = np.array([[0, 1], [0, 0]])
print(x.any(axis=1), x.all(axis=0), np.any(x), np.all(x >= 0))
print(np.any(np.array([])), np.all(np.array([])), np.array([np.nan]).all())
print(m.any(axis=(0, 1)), m.all().dtype)
