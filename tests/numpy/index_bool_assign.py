import numpy as np

a = np.array([1.0, -2.0, 3.0, -4.0, np.nan])
a[a < 0] = 0.0
print(a)
a[np.isnan(a)] = -1.0
print(a)
m = np.arange(12).reshape(3, 4)
m[m > 6] = 0
print(m)
m[m == 0] = np.array([10, 20, 30, 40, 50, 60])
print(m)
m[np.array([False, True, False])] = -3
print(m)
img = np.array([[10, 200], [250, 30]], dtype=np.uint8)
img[img > 128] = 255
print(img)
