import numpy as np

a = np.arange(3)
print(a.astype("float32").dtype, a.astype("int8").dtype, a.astype("uint8").dtype, a.astype("bool").dtype)
print(np.zeros(2, dtype="float16").dtype, np.ones(2, dtype="int32"), np.array([1, 2], dtype="float64"))
print(np.dtype("float32"), repr(np.dtype("f8")), np.dtype(np.int8).name, np.dtype("uint8") == np.uint8, np.dtype("float32").itemsize)
print(np.arange(4, dtype="int16").dtype)
