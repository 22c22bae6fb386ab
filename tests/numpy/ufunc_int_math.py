import numpy as np

i = np.array([1, 4, 9, 16], dtype=np.int32)
print(np.sqrt(i), np.sqrt(i).dtype, np.exp(np.array([0, 1], dtype=np.int8)).dtype)
print(np.sin(np.array([0], dtype=np.uint8)).dtype, np.log(np.array([1], dtype=np.int64)).dtype)
print(np.floor(np.array([1, 2], dtype=np.int8)).dtype, np.abs(np.array([-3], dtype=np.int16)).dtype)
print(np.sqrt(np.array([True, False])), np.sqrt(np.array([True])).dtype)
print(np.square(np.array([3], dtype=np.uint8)), np.square(np.array([20], dtype=np.uint8)))
