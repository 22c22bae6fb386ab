import numpy as np

a = np.arange(-5, 6)
print(np.clip(a, -2, 3), a.clip(0, 4), a.clip(min=1), a.clip(max=-1))
f = np.linspace(-1, 2, 7).astype(np.float32)
print(np.clip(f, 0.0, 1.0), np.clip(f, 0.0, 1.0).dtype)
print(np.clip(a, np.array([0] * 11), 2))
u = np.array([10, 200], dtype=np.uint8)
print(np.clip(u, 50, 150), np.clip(u, 50, 150).dtype)
print(np.clip(np.array([1.5, np.nan]), 0, 1))
