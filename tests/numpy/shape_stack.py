import numpy as np

a = np.array([1, 2, 3])
b = np.array([4, 5, 6])
print(np.stack([a, b]))
print(np.stack([a, b], axis=1))
print(np.stack([a, b], axis=-1).shape)
m = np.arange(6).reshape(2, 3)
print(np.stack([m, m * 10, m * 100]).shape, np.stack([m, m], axis=2)[1])
try:
    np.stack([a, np.arange(4)])
except ValueError as e:
    print(e)
rows = [np.full(2, i) for i in range(4)]
print(np.stack(rows))
