import numpy as np

a = np.array([12, 10, 255, 0], dtype=np.uint8)
b = np.array([10, 6, 15, 1], dtype=np.uint8)
print(a & b, a | b, a ^ b, ~a)
print(a >> 2, a << 1, (a << 1).dtype)
i = np.array([-8, 5, 3], dtype=np.int32)
print(~i, i >> 1, i << 2, i & 0xF, np.bitwise_and(i, 6), np.bitwise_or(i, 1), np.bitwise_xor(i, i))
print(np.invert(np.array([True, False])))
