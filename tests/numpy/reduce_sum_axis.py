import numpy as np

a = np.arange(24).reshape(2, 3, 4)
print(a.sum(), a.sum(axis=0), a.sum(axis=1), a.sum(axis=2), a.sum(axis=-1))
print(a.sum(axis=(0, 2)), np.sum(a, axis=(1, 2)), a.sum(axis=(0, 1, 2)))
print(a.sum(axis=1, keepdims=True).shape, a.sum(keepdims=True).shape, np.sum(a, axis=0, keepdims=True))
print(np.sum([1, 2, 3]), np.sum(np.array([[1.5], [2.5]])))
print(a.sum(axis=0).dtype, np.ones(3, dtype=np.int8).sum().dtype, np.ones(3, dtype=np.uint8).sum().dtype)
print(np.ones(3, dtype=np.float32).sum().dtype, np.ones(3, dtype=np.float16).sum().dtype, np.ones(3, dtype=bool).sum().dtype)
