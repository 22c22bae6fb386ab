import numpy as np

for t in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.float16, np.float32, np.float64]:
    a = np.array([5, 0, 3, 9, 1], dtype=t)
    s = np.sort(a)
    print(s, s.dtype, np.argsort(a))
print(np.sort(np.array([-1, 200], dtype=np.int16).astype(np.uint8)))
