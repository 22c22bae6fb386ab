import numpy as np

img = np.arange(64, dtype=np.float32).reshape(8, 8)
pooled = img.reshape(4, 2, 4, 2).max(axis=(1, 3))
print(pooled)
avg = img.reshape(4, 2, 4, 2).mean(axis=(1, 3))
print(avg)
crop = img[2:6, 2:6]
print(crop, crop.sum())
pad = np.zeros((10, 10), dtype=np.float32)
pad[1:-1, 1:-1] = img
print(pad[0], pad[1, :4])
