import numpy as np

print(np.array([1, 1000000, -7]), np.array([9223372036854775807, -9223372036854775807]))
print(np.array([255, 0], dtype=np.uint8), np.array([-128, 127], dtype=np.int8))
print(np.arange(0, 100000, 9999))
print(repr(np.array([4294967295], dtype=np.uint32)))
print(np.array([[1, -1], [100, 5]]))
