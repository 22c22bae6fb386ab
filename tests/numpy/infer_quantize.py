import numpy as np

w = np.linspace(-1.0, 1.0, 9).astype(np.float32)
scale = np.abs(w).max() / 127
q = np.round(w / scale).astype(np.int8)
print(q, q.dtype, scale, scale.dtype)
deq = q.astype(np.float32) * scale
print(deq, np.abs(deq - w).max() < scale)
u = np.clip(np.round((w + 1) * 127.5), 0, 255).astype(np.uint8)
print(u)
print((u.astype(np.float32) / 127.5 - 1))
