# Elementwise ops on arrays large enough to run over the thread pool (from
# 32 Ki items): one long contiguous run, rows with a broadcast row or
# column, strided views, every piece boundary at an odd size; an error
# raised inside one piece (an integer to a negative power) (exact: each
# item is the same IEEE operation on any thread).
import numpy as np


def vals(n: int, mul: int, dt: type) -> np.ndarray:
    return ((np.arange(n, dtype=np.int64) * mul % 2001 - 1000) / 64.0).astype(dt)


for dt in [np.float32, np.float64]:
    a = vals(100003, 7919, dt)
    b = vals(100003, 104729, dt)
    b = np.where(b == 0, np.ones_like(b), b)
    r = [a + b, a - b, a * b, a / b, np.maximum(a, b), -a, np.abs(a), np.sqrt(np.abs(b)), np.floor(a * 0.3),
         a * 2.5, 1.5 - a]
    for x in r:
        print(np.dtype(dt).name, x.dtype, x.shape, float(x.astype(np.float64).sum()), x[:3].tolist(),
              x[50001:50004].tolist(), x[-3:].tolist())
    print(int((a < b).sum()), int((a == b).sum()))
    m = vals(300 * 257, 31, dt).reshape(300, 257)
    row = vals(257, 17, dt)
    col = vals(300, 13, dt).reshape(300, 1)
    for x in [m + row, m * col, col - m, m[:, ::2] * 3, m[::3, 1:] + m[::3, :-1], m.T * row[:, None]]:
        print(np.dtype(dt).name, x.shape, float(x.astype(np.float64).sum()), x[0, :4].tolist(), x[-1, -4:].tolist())

i = np.arange(70001, dtype=np.int64) % 13 - 3
j = np.arange(70001, dtype=np.int32) * 65537
print(int((i * i).sum()), int((j * j).sum()), int((j + j).max()), int(np.abs(i).sum()))
p = np.arange(70001, dtype=np.int64) % 5
print(int((i ** p).sum()))
try:
    q = i ** i
    print("no error", int(q.sum()))
except ValueError as e:
    print("ValueError", e)
