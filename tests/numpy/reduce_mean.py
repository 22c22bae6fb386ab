import numpy as np

a = np.arange(12).reshape(3, 4)
print(a.mean(), a.mean(axis=0), a.mean(axis=1), np.mean(a, axis=-1, keepdims=True))
print(a.mean().dtype, a.astype(np.float32).mean(axis=0).dtype, np.ones(4, dtype=np.float16).mean().dtype)
print(np.mean([1, 2, 3, 4]), np.array([True, False, True]).mean())
print(np.ones(5, dtype=np.uint8).mean(), np.array([255, 255], dtype=np.uint8).mean())
print(np.array([0.1, 0.2, 0.4]).mean())
