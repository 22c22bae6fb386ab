import numpy as np

print(np.zeros(3), np.ones((2, 2), dtype=np.int32), np.full((2, 3), 7))
print(np.full(3, 2.5), np.full((2,), True), np.full(2, 1, dtype=np.float32))
print(np.zeros((2, 3), dtype=np.uint8).dtype, np.ones(3, dtype=bool))
e = np.empty((2, 2))
print(e.shape, e.dtype)
print(np.array([[1, 2], [3, 4]], dtype=np.float32))
print(np.array([1, 2.5, True]), np.array([True, False]).dtype)
print(np.array(3.5), np.array(3.5).shape, np.array(7).ndim)
print(np.asarray([1, 2]), np.asarray(np.arange(3)) is not None)
