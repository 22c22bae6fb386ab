# tolerance: 1e-6
# kiln.nn's fused kernels against their numpy definitions (python/kiln/nn.py).
import numpy as np
from kiln import nn


def grid(shape: tuple[int, ...], seed: int) -> np.ndarray:
    n = 1
    for s in shape:
        n *= s
    v = (np.arange(n, dtype=np.float64) * 0.37 + seed) % 2.0 - 1.0
    return (v * np.cos(np.arange(n) * 0.11 + seed)).reshape(shape).astype(np.float32)


x = grid((3, 5, 8), 1)
print(nn.softmax(x))
print(nn.softmax(x, axis=1))
print(nn.softmax(x.astype(np.float64), axis=0))
w = grid((8,), 2)
b = grid((8,), 3)
print(nn.rms_norm(x, w))
print(nn.rms_norm(x, w, eps=1e-5, offset=1.0))
print(nn.layer_norm(x, w, b))
print(nn.layer_norm(x.astype(np.float64), w, b, eps=1e-12))
print(nn.gelu(x))
print(nn.gelu(x, approximate="tanh"))
print(nn.silu(x))
W = grid((6, 8), 4)
bias = grid((6,), 5)
print(nn.linear(x, W))
print(nn.linear(x, W, bias))
print(nn.linear(x[0], W, bias).shape)
# bf16=True: x and W rounded to bfloat16, float32 sums (packed GEMM, and GEMV for a few rows)
print(nn.linear(x, W, bf16=True))
print(nn.linear(x[0, :2], W, bias, bf16=True))
print(nn.linear(x.astype(np.float64), W, bf16=True).dtype)
xo = grid((40, 9), 13)
Wo = grid((19, 9), 14)
print(nn.linear(xo, Wo, bf16=True))
pos = np.arange(5)
print(nn.rope(x, pos))
print(nn.rope(x, pos + 7, theta=500000.0))
q = grid((4, 5, 8), 6)
k = grid((2, 7, 8), 7)
v = grid((2, 7, 3), 8)
print(nn.attention(q, k, v))
print(nn.attention(q, k, v, causal=True))
print(nn.attention(q, k, v, window=3))
print(nn.attention(q, k, v, causal=True, window=2))
keep = np.array([True, True, False, True, True, True, False])
print(nn.attention(q, k, v, mask=keep))
print(nn.attention(q, k, v, mask=grid((5, 7), 9), scale=0.5))
qb = grid((2, 4, 5, 8), 10)
kb = grid((2, 2, 7, 8), 11)
vb = grid((2, 2, 7, 3), 12)
print(nn.attention(qb, kb, vb, causal=True).shape)
print(nn.attention(qb, kb, vb, causal=True)[1, 3])
