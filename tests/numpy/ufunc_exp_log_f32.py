# tolerance: 1e-6
# (float32 transcendental functions: numpy's SIMD kernels round differently in the last bit)
import numpy as np

x = np.array([0.0, 0.5, 1.0, -1.0, 3.0], dtype=np.float32)
print(np.exp(x), np.exp(x).dtype)
print(np.log(x + 2), np.tanh(x), np.sin(x), np.cos(x))
print(np.sqrt(x + 1), np.sqrt(x + 1).dtype)
print(np.exp(np.float32(1)), np.log(np.float32(2)))
print(np.exp(np.ones(2, dtype=np.float16)), np.exp(np.ones(2, dtype=np.float16)).dtype)
