"""Layer norm over the rows of a 512×768 float32 matrix."""
import time

import numpy as np


def kernel(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    m = x.mean(axis=1, keepdims=True)
    d = x - m
    v = (d * d).mean(axis=1, keepdims=True)
    return d / np.sqrt(v + 1e-5) * w + b


def main() -> None:
    x = ((np.arange(512 * 768, dtype=np.float32) % 89.0) * 0.03).reshape(512, 768)
    w = np.linspace(0.5, 1.5, 768).astype(np.float32)
    b = np.linspace(-0.1, 0.1, 768).astype(np.float32)
    y = kernel(x, w, b)
    best = 1e9
    for _ in range(7):
        t = time.perf_counter()
        for _ in range(10):
            y = kernel(x, w, b)
        best = min(best, (time.perf_counter() - t) / 10)
    print(round(float(np.abs(y).sum()), 1), round(float(y[7, 9]), 5))
    print(f"time: {best * 1e3:.3f} ms")


main()
