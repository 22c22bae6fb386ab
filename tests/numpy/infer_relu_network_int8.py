import numpy as np

x = np.array([[12, -5, 7], [0, 3, -9]], dtype=np.int8)
w = np.array([[1, 2], [-1, 0], [3, -2]], dtype=np.int8)
acc = x.astype(np.int32) @ w.astype(np.int32)
print(acc, acc.dtype)
act = np.maximum(acc, 0)
scaled = np.clip(act // 4, -128, 127).astype(np.int8)
print(scaled, scaled.dtype)
print((x.astype(np.int16) * 20).astype(np.int8))
