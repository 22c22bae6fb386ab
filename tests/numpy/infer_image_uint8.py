import numpy as np

img = (np.arange(48).reshape(4, 4, 3) * 5).astype(np.uint8)
print(img[..., 0])
gray = (img[..., 0] * 0.299 + img[..., 1] * 0.587 + img[..., 2] * 0.114).astype(np.uint8)
print(gray, gray.dtype)
inv = 255 - img
print(inv[0], inv.dtype)
bright = np.clip(img.astype(np.int16) + 50, 0, 255).astype(np.uint8)
print(bright[3])
flipped = img[:, ::-1]
print(flipped[0, :, 2])
thresh = (gray > 100).astype(np.uint8) * 255
print(thresh)
norm = img.astype(np.float32) / 255.0
print(norm.mean(), norm.dtype, norm.max())
