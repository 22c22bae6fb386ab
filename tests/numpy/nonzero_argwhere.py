import numpy as np

m = np.array([[0, 3, 0], [4, 0, 5]])
print(np.argwhere(m), np.argwhere(m > 3), np.argwhere(m).shape, np.argwhere(m).dtype)
print(np.flatnonzero(m), np.flatnonzero(m.T), np.flatnonzero(np.zeros(3)))
print(np.argwhere(np.array([True, False, True])), np.argwhere(np.array(5)).shape, np.argwhere(np.array(0)).shape)
idx = np.argwhere(m)
for k in range(idx.shape[0]):
    r = idx[k, 0]
    c = idx[k, 1]
    print(r, c, m[r, c])
