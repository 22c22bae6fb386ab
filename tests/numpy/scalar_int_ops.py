import numpy as np

i = np.int32(10)
print(i + 1, (i + 1).dtype, i * i, i // 3, i % 3, i / 4)
u = np.uint8(7)
print(u * 2, (u * 2).dtype, u + np.uint8(1))
print(np.int8(100) + np.int8(20), (np.int8(100) + np.int8(20)).dtype)
print(np.int64(5) > 3, np.int64(5) == 5, -np.int16(4))
n = np.arange(10)[3]
total = 0
for k in range(int(n)):
    total += k
print(total, n * 2.5)
print(np.int32(-7) // 2, np.int32(-7) % 2, np.int32(7) ** 2)
