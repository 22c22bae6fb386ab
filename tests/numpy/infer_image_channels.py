import numpy as np

img = np.arange(2 * 3 * 4 * 3, dtype=np.uint8).reshape(2, 3, 4, 3)
chw = img.transpose(0, 3, 1, 2)
print(chw.shape, chw[1, 2])
mean = np.array([10.0, 20.0, 30.0], dtype=np.float32).reshape(1, 3, 1, 1)
std = np.array([2.0, 4.0, 8.0], dtype=np.float32).reshape(1, 3, 1, 1)
norm = (chw.astype(np.float32) - mean) / std
print(norm.dtype, norm[0, :, 0, 0], norm.mean(axis=(0, 2, 3)))
back = np.clip(norm * std + mean, 0, 255).astype(np.uint8).transpose(0, 2, 3, 1)
print(np.array_equal(back, img))
