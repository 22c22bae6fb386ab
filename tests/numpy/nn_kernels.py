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
# apply_rope: a table of angles (rotate half, or interleaved pairs), over
# heads, a batch, a transposed view; float64 too
ang = np.arange(5, dtype=np.float64)[:, None] * np.array([1.0, 0.3, 0.05, 0.001])[None, :]
cs = np.cos(ang).astype(np.float32)
sn = np.sin(ang).astype(np.float32)
print(nn.apply_rope(x, cs, sn))
print(nn.apply_rope(x, cs, sn, True))
print(nn.apply_rope(qb[:, :, :, :], cs, sn, True)[1, 2])
print(nn.apply_rope(grid((5, 3, 8), 15).transpose(1, 0, 2), cs, sn))
print(nn.apply_rope(x.astype(np.float64), np.cos(ang), np.sin(ang), True))
try:
    nn.apply_rope(x, cs[:4], sn[:4])
except ValueError as e:
    print("ValueError", e)
# attention reads a cache's filled prefix in place: views with outer strides
kc = grid((2, 9, 8), 16)
vc = grid((2, 9, 3), 17)
print(nn.attention(q, kc[:, :7, :], vc[:, :7, :], causal=True))
print(nn.attention(q[:, 4:, :], kc[::-1, :6, :], vc[::-1, :6, :]))
kb2 = grid((2, 3, 9, 8), 18)
print(nn.attention(qb, kb2[:, ::2, :7, :], kb2[:, 1:, :7, :3], causal=True)[1, 2])
# linear over a list of weights: the outputs joined along the last axis
W2 = grid((3, 8), 19)
print(nn.linear(x, [W, W2], grid((9,), 20)))
print(nn.linear(x[0], [W2], None))
try:
    nn.linear(x, [])
except ValueError as e:
    print("ValueError", e)
