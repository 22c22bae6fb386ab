"""numpy arrays under allocation failure: creation, broadcasting, matmul,
reductions, sorting, slicing."""
import numpy as np


def main() -> None:
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    b = np.ones((4, 2), dtype=np.float32) * 0.5
    c = a @ b
    print(c)
    print(a.sum(axis=0), a.mean(), a[:, 1:3])
    n = a / np.linalg.norm(a, axis=-1, keepdims=True)
    print(np.round(n, 4))
    idx = np.argsort(np.array([3.0, 1.0, 2.0, 0.5]))
    print(idx, a[1] * 2 + 1, np.maximum(a[0], 2.0))
    print(np.concatenate([a[0], a[2]]).astype(np.int64))


main()
