# np.isclose and np.allclose with numpy's defaults and keywords: float32
# and float64, integers, broadcasting, infinities, nans with equal_nan.
import numpy as np

a = np.array([1.0, 1.00001, 1e-9, np.inf, -np.inf, np.nan, 100.0])
b = np.array([1.0, 1.0, 0.0, np.inf, np.inf, np.nan, 100.001])
print(np.isclose(a, b), np.isclose(a, b, equal_nan=True), np.isclose(a, b, rtol=1e-3))
print(np.isclose(a, b, atol=0.0), np.isclose(a, 1.0), np.isclose(1.0, a))
print(np.allclose(a, b), np.allclose(a, b, equal_nan=True), np.allclose(a[:3], b[:3]))
print(np.allclose(a[:3], b[:3], rtol=0.0, atol=0.0), np.allclose([1, 2, 3], [1, 2, 3]))
f = np.linspace(0.0, 1.0, 7, dtype=np.float32)
g = f + np.float32(1e-6)
print(np.isclose(f, g), np.allclose(f, g), np.isclose(f, g, rtol=0.0, atol=1e-9))
print(np.isclose(np.arange(4), np.array([0, 1, 3, 3])), np.isclose(np.ones((2, 1)), np.ones(3)))
print(type(np.isclose(1.0, 1.0)).__name__, np.isclose(1.0, 1.0 + 1e-12), np.isclose(2, 3))
print(type(np.allclose(f, g)).__name__)
ref = np.tanh(f.astype(np.float64))
print(np.allclose(np.tanh(f), ref, rtol=1e-6, atol=1e-7), np.isclose(np.tanh(f), ref, rtol=0.0, atol=1e-12))
