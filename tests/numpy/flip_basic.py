import numpy as np

a = np.arange(6).reshape(2, 3)
print(np.flip(a), np.flip(a, 0), np.flip(a, axis=1), np.flip(a, (0, 1)))
print(np.fliplr(a), np.flipud(a), np.flip(np.arange(4)))
f = np.flip(a, 1)
f[0, 0] = 99
print(a)
img = np.arange(12).reshape(2, 2, 3)
print(np.flip(img, axis=-1)[1])
try:
    np.fliplr(np.arange(3))
except ValueError as e:
    print(e)
