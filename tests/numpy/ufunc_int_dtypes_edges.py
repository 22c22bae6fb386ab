import numpy as np

# every binary operator on every integer dtype, at the edges of each range
# (the narrow ones run wider loops and are narrowed back): wrapping,
# x // -1 and x % -1 (not of the minimum: numpy warns), shifts past the width, unsigned
# division by the largest value, broadcast and strided operands. Each
# array is made as int64 and converted (astype wraps), which spells uint64's range.
dts = [(np.int8, -128, 127), (np.int16, -32768, 32767), (np.int32, -2147483648, 2147483647),
       (np.uint8, 0, 255), (np.uint16, 0, 65535), (np.uint32, 0, 4294967295),
       (np.int64, -9223372036854775807 - 1, 9223372036854775807), (np.uint64, 0, -1)]  # -1: uint64's largest, by astype
for dt, lo, hi in dts:
    a = np.array([lo, lo + 1, -3 if lo < 0 else 3, 0, 1, 7, hi - 1, hi], dtype=np.int64).astype(dt)
    b = np.array([-2 if lo < 0 else hi, -1 if lo < 0 else 2, 5, 3, hi, 9, 1, 1], dtype=np.int64).astype(dt)
    s = np.array([-1 if lo < 0 else 9, 1, 3, 1, 2, 4, 2, 2], dtype=np.int64).astype(dt)
    print(a.dtype)
    print(a + b, a - b, a * b)
    print(a // b, a % b, np.fmod(a, b))
    print(np.maximum(a, b), np.minimum(a, b), a & b, a | b, a ^ b)
    print(a < b, a <= b, a == b, a != b, a > b, a >= b)
    print(np.logical_and(a, b), np.logical_or(a, b), np.logical_xor(a, b))
    print(a ** np.array([0, 1, 2, 3, 7, 9, 2, 10], dtype=np.int64).astype(dt))
    print(a << s, a >> s)
    print(a[::2] + b[1::2], a + b[3], b[2] * a, a.reshape(2, 4) - b[:4])
