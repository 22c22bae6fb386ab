import numpy as np

a = np.arange(10)
print(np.flip(a) - a[::-1], np.cumsum(np.flip(a)))
m = np.arange(12).reshape(3, 4)
rot = np.flip(m.T, axis=1)
print(rot)
print(np.flipud(np.fliplr(m)) - np.flip(m))
img = np.arange(27, dtype=np.uint8).reshape(3, 3, 3)
print(np.flip(img, axis=2)[0])
