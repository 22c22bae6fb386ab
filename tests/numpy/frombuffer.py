# np.frombuffer: a read-only view of bytes, numpy's dtype default, count and
# offset, and its ValueErrors.
import numpy as np

raw = b"\x00\x00\xc0\x3f" + b"\x00\x00\x00\xc0" + b"\x00\x00\x50\x40" + b"\xcd\xcc\xcc\x3d"  # 1.5 -2 3.25 0.1
a = np.frombuffer(raw, dtype=np.float32)
print(a, a.dtype, a.shape, a.sum())
print(np.frombuffer(raw, dtype=np.float32, count=2, offset=4))
print(np.frombuffer(b"abcdefgh", dtype=np.uint8))
print(np.frombuffer(b"abcdefgh", dtype=np.int32), np.frombuffer(b"abcdefgh", np.int16, 2, 2))
print(np.frombuffer(b"\x00" * 6 + b"\x04\x40" + b"\x00" * 6 + b"\xf0\xbf"))
print(np.frombuffer(b"", dtype=np.int8), np.frombuffer(b"abcd", dtype=np.uint8, offset=4))
print(np.frombuffer(b"\x00\x3c\x00\xc0", dtype=np.float16))
w = np.frombuffer(raw, dtype=np.float32) * 2.0
print(w, (w + a).tolist())
for bad in range(4):
    try:
        if bad == 0:
            np.frombuffer(b"abc", dtype=np.uint8, offset=4)
        elif bad == 1:
            np.frombuffer(b"abcdefg", dtype=np.int32)
        elif bad == 2:
            np.frombuffer(b"abcdefgh", dtype=np.int32, count=3)
        else:
            v = np.frombuffer(b"abcd", dtype=np.uint8)
            v[0] = 1
    except ValueError as e:
        print("ValueError:", e)
