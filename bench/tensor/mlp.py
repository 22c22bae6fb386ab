"""An MLP forward pass: 64×512 · 512×2048, tanh-GELU, · 2048×512, float32."""
import time

import numpy as np


def kernel(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> np.ndarray:
    h = x @ w1 + b1
    h = 0.5 * h * (1.0 + np.tanh(np.float32(0.7978845608) * (h + np.float32(0.044715) * h * h * h)))
    return h @ w2 + b2


def main() -> None:
    x = (np.cos(np.arange(64 * 512, dtype=np.float32) * 0.3)).reshape(64, 512)
    w1 = (np.sin(np.arange(512 * 2048, dtype=np.float32) * 0.01) * 0.05).reshape(512, 2048)
    b1 = np.linspace(-0.1, 0.1, 2048).astype(np.float32)
    w2 = (np.cos(np.arange(2048 * 512, dtype=np.float32) * 0.02) * 0.05).reshape(2048, 512)
    b2 = np.linspace(-0.2, 0.2, 512).astype(np.float32)
    y = kernel(x, w1, b1, w2, b2)
    best = 1e9
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(5):
            y = kernel(x, w1, b1, w2, b2)
        best = min(best, (time.perf_counter() - t) / 5)
    print(round(float(y.sum()), 1), round(float(y[1, 2]), 4))
    print(f"time: {best * 1e3:.3f} ms")


main()
