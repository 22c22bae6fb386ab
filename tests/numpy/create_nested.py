import numpy as np

print(np.array([[1, 2.5], [3, 4]]), np.array([[True, 2], [3, 4]]).dtype)
print(np.array([[[1], [2]], [[3], [4]]]).shape)
print(np.array([1, np.float32(2.5)]).dtype, np.array([np.int8(1), np.int8(2)]).dtype)
print(np.array([np.float32(1.0), 2.0]).dtype, np.array([np.uint8(1), 300]).dtype)
rows = [[float(i * j) for j in range(3)] for i in range(3)]
print(np.array(rows))
print(np.array([np.arange(2), np.arange(2) * 10]))
print(np.array(np.arange(3), dtype=np.float32), np.array([], dtype=np.int8).shape)
try:
    np.array([[1, 2], [3]])
except ValueError as e:
    print("ValueError")
