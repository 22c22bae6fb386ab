import numpy as np


def middle(n: int) -> np.ndarray:
    a = np.arange(n * n).reshape(n, n)
    return a[1:-1, 1:-1]


m = middle(5)
print(m, m.shape)
m[0, 0] = -1
print(m.sum())
views = [np.arange(10)[i:i + 3] for i in range(3)]
for v in views:
    print(v)
