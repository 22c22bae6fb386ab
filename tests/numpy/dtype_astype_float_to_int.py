import numpy as np

a = np.array([-2.7, -0.5, 0.5, 1.9, 2.5, 100.99])
print(a.astype(np.int32))
print(a.astype(np.int64))
print(a.astype(np.int8))
print(np.array([0.0, 1.5, 254.9]).astype(np.uint8))
print(a.astype(np.float32))
print(a.astype(np.float16))
print(a.astype(bool))
print(a.astype(int).dtype, a.astype(float).dtype)
