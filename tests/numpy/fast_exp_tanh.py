# float32 exp, tanh and the ufuncs built on them through the vectorised
# kernels: the whole range (inf in, subnormal results, underflow
# to 0), nan, infinities and signed zeros, on contiguous and strided arrays.
# numpy's float32 exp and tanh are SIMD code within a few ulp; kiln's
# within 1 (exp) and 2.5 (tanh) of the exact result.
# tolerance: 1e-6
import numpy as np

x = np.linspace(-110.0, 88.7, 4099).astype(np.float32)
e = np.exp(x)
print(e[::64].tolist())
print(e[-40:].tolist(), e[:40].tolist())
print(np.exp(x[::-3])[:20].tolist())
t = np.linspace(-12.0, 12.0, 2001).astype(np.float32)
print(np.tanh(t)[::16].tolist())
s = np.linspace(-0.05, 0.05, 1000).astype(np.float32)
print((np.tanh(s) / s)[::10].tolist(), (np.exp(s) - np.float32(1))[::25].tolist())
sp = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 88.72, -87.3, -103.0, -104.0, 1e-30, -1e-30, 0.5,
               -9.0, 9.01, 20.0, -20.0], dtype=np.float32)
print(np.exp(sp).tolist(), [str(v) for v in np.tanh(sp).tolist()])
big = (np.arange(100003, dtype=np.float32) % 997 - 498) * np.float32(0.013)
print(float(np.exp(big).astype(np.float64).sum()), float(np.tanh(big).astype(np.float64).sum()))
# the float64 functions stay the C library's
d = np.linspace(-30, 30, 61)
print(np.exp(d).tolist(), np.tanh(d)[::5].tolist())
# softmax and tanh-GELU, as the bench programs compute them
h = (np.arange(8 * 50, dtype=np.float32) % 23 - 11).reshape(8, 50) * np.float32(0.37)
p = np.exp(h - h.max(axis=1, keepdims=True))
p = p / p.sum(axis=1, keepdims=True)
g = 0.5 * h * (1.0 + np.tanh(np.float32(0.7978845608) * (h + np.float32(0.044715) * h * h * h)))
print(p.dtype, p[3].tolist(), g.dtype, g[5].tolist())
