import numpy as np

a = np.array([1.0, 5.0, np.nan, -2.0])
b = np.array([3.0, 2.0, 0.0, np.nan])
print(np.maximum(a, b), np.minimum(a, b))
print(np.maximum(np.arange(5), 2), np.minimum(3, np.arange(5)))
print(np.maximum(np.array([1, 2], dtype=np.uint8), np.array([-1, 5], dtype=np.int8)))
print(np.maximum(np.array([0.5], dtype=np.float32), 1).dtype)
relu = np.maximum(np.linspace(-1, 1, 5), 0)
print(relu)
