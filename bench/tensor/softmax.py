"""Softmax over the rows of a 512×768 float32 matrix (attention scores)."""
import time

import numpy as np


def kernel(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def main() -> None:
    x = ((np.arange(512 * 768, dtype=np.float32) % 97.0) * 0.05).reshape(512, 768)
    y = kernel(x)
    best = 1e9
    for _ in range(7):
        t = time.perf_counter()
        for _ in range(10):
            y = kernel(x)
        best = min(best, (time.perf_counter() - t) / 10)
    print(round(float(y.sum()), 2), round(float(y[3, 5]), 6))
    print(f"time: {best * 1e3:.3f} ms")


main()
