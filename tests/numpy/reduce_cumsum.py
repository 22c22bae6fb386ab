import numpy as np

a = np.arange(1, 7).reshape(2, 3)
print(a.cumsum(), a.cumsum(axis=0), a.cumsum(axis=1), np.cumsum(a, axis=-1))
print(a.cumprod(), np.cumprod(a, axis=0))
print(np.cumsum(np.array([True, True, False])), np.cumsum(np.ones(3, dtype=np.uint8)).dtype)
print(np.cumsum(np.array([0.1, 0.2, 0.3], dtype=np.float32)).dtype)
print(np.cumsum(np.ones(3, dtype=np.int8)).dtype)
