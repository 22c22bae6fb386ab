import numpy as np

a = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.6, -2.6])
print(np.floor(a), np.ceil(a), np.rint(a), np.trunc(a), np.round(a))
print(np.round(np.array([1.2345, -9.8765, 123.456]), 2), np.round(np.array([1234.5, 1250.0]), -2))
print(np.around(np.array([0.125, 0.375]), 2))
print(np.array([3.14159, 2.71828]).round(3), np.round(np.array([1, 15, 25]), -1))
i = np.array([1, 2, 3])
print(np.floor(i), np.floor(i).dtype, np.ceil(np.array([1, 2], dtype=np.uint8)).dtype)
f = np.array([1.55, 2.45], dtype=np.float32)
print(np.round(f, 1), np.round(f, 1).dtype, np.floor(f).dtype)
