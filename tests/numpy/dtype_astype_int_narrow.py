import numpy as np

a = np.array([0, 127, 128, 255, 256, -1, 1000])
print(a.astype(np.int8))
print(a.astype(np.uint8))
print(a.astype(np.int16))
print(a.astype(np.uint16))
print(a.astype(np.uint32))
b = np.array([70000, -70000], dtype=np.int32)
print(b.astype(np.int16), b.astype(np.uint16))
