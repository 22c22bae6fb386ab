# tolerance: 1e-6
# (float32 mean/var along the last axis and sqrt: summation order differs)
import numpy as np


def layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float) -> np.ndarray:
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * gamma + beta


x = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 5.0
g = np.ones(4, dtype=np.float32) * 1.5
b = np.linspace(-1, 1, 4).astype(np.float32)
y = layer_norm(x, g, b, 1e-5)
print(y.shape, y.dtype)
print(y)
print(y.mean(axis=-1))
