# A product that only its sum reads, (a * b).sum(axis=...): compiled as one
# call that sums the products without storing them (contiguous float rows
# over the last axis) and as the product then the sum otherwise. Exact: the
# rows are summed in numpy's pairwise order.
import numpy as np


def norms(x: np.ndarray) -> np.ndarray:
    return np.sqrt((x * x).sum(axis=1))


def dots(a: np.ndarray, b: np.ndarray, keep: bool) -> np.ndarray:
    return np.sum(a * b, axis=-1, keepdims=keep)


def other_axes(a: np.ndarray) -> list[float]:
    s0 = (a * a).sum(axis=0)
    s = (a * a).sum()
    return [float(s0.sum()), float(s)]


def mismatched(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a * b).sum(axis=1)


for dt in [np.float32, np.float64]:
    for rows, cols in [(20000, 128), (3, 7), (5, 129), (2, 8193), (1, 1), (4, 0), (0, 5), (33, 100003 // 33)]:
        x = ((np.arange(rows * cols, dtype=dt) * 37 % 101 - 50) * 0.03125).reshape(rows, cols)
        y = ((np.arange(rows * cols, dtype=dt) * 11 % 29 - 9) * 0.375).reshape(rows, cols)
        n = norms(x)
        d = dots(x, y, False)
        k = dots(x, y, True)
        print(np.dtype(dt).name, rows, cols, n.dtype, n.shape, n[:3].tolist(), d[-3:].tolist(), k.shape,
              float(d.astype(np.float64).sum()))
        if rows > 1 and cols > 1:
            print(other_axes(x), norms(x[:, ::2])[:3].tolist(), norms(x.T.copy().T)[:2].tolist())
    v = np.linspace(-2, 3, 1001).astype(dt)
    print(dots(v, v, False), dots(v.reshape(7, 143), v.reshape(7, 143)[::-1], True).ravel().tolist())
# 3-d, broadcasting, integers, mixed dtypes: the product and the sum as written
t = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)
print(dots(t, t, False).tolist(), dots(t, np.arange(4, dtype=np.float32), True).tolist())
print(dots(np.arange(12).reshape(3, 4), np.arange(12).reshape(3, 4), False).tolist())
print(dots(t, t.astype(np.float64), False).dtype, norms(np.arange(6, dtype=np.int32).reshape(2, 3)).tolist())
print(mismatched(np.ones((3, 4)), np.ones((4, 3))))
