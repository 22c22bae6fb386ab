import numpy as np

print(np.array([1, -22, 333]), repr(np.array([1, -22, 333])))
print(repr(np.array([1, 2], dtype=np.int32)), repr(np.array([1, 2], dtype=np.uint8)), repr(np.array([1], dtype=np.int64)))
print(np.array([[True, False], [False, True]]), repr(np.array([True])))
print(repr(np.zeros((2, 0))), repr(np.array([], dtype=np.int32)), np.array([]))
print(np.arange(12).reshape(2, 2, 3))
print(repr(np.arange(6).reshape(2, 3)))
