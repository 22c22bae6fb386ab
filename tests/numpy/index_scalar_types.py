import numpy as np

a = np.arange(10)
i = np.int64(3)
print(a[i], a[np.int32(-1)], a[np.uint8(2)])
j = a.argmax()
print(a[j], j)
m = np.arange(6).reshape(2, 3)
print(m[np.int64(1), np.int8(2)], m[a[1]])
k = int(np.argmin(a))
a[k] = 99
print(a)
