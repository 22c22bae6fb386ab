import numpy as np

for t in [np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint32, np.float16, np.float32, np.bool_]:
    a = np.ones((2, 3), dtype=t)
    print(np.dtype(t).name, a.sum().dtype, a.sum(axis=0).dtype, a.prod().dtype, a.mean().dtype, a.max().dtype, a.cumsum().dtype, a.argmax().dtype)
