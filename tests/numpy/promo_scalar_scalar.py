import numpy as np

print((np.float32(1.5) + np.float32(2)).dtype)
print((np.float32(1.5) + np.float64(2)).dtype)
print((np.int8(1) + np.int16(2)).dtype)
print((np.uint8(1) + np.int8(2)).dtype)
print((np.int32(1) + 1).dtype, (np.int32(1) + 1.0).dtype)
print((np.float16(1) + 1.0).dtype, (np.float16(1) * np.float32(2)).dtype)
print((np.float32(2) ** 2).dtype, np.float32(2) ** 2)
print((np.int64(3) / np.int64(2)).dtype, np.int64(3) / np.int64(2))
print((np.float32(1) + np.ones(2, dtype=np.float16)).dtype)
print((np.float64(1) + np.ones(2, dtype=np.float32)).dtype)
print((np.int64(1) + np.ones(2, dtype=np.int8)).dtype)
print((np.ones(2, dtype=np.uint8) + np.int64(300)).dtype)
