import numpy as np

x = np.float32(0.1)
y = x * 3
print(y, y.dtype, x + x + x, (x + x + x).dtype)
print(x * 3.0, (x * 3.0).dtype, x + np.float32(0.2))
z = np.float32(1) / np.float32(3)
print(z, z.dtype, np.float64(1) / 3)
print(np.float32(16) ** 0.5, np.sqrt(np.float32(2)), np.sqrt(np.float32(2)).dtype)
print(np.float32(7) // 2, np.float32(-7) % 3)
print(x > 0.1, x == np.float32(0.1), x < 0.2)
print(-x, abs(np.float32(-2.5)), np.round(np.float32(2.5)))
