# Elementwise ops whose broadcast rows are short (the tiled path: an
# operand repeating along the last outer dimension) and whose rows are long
# (the vectorised loops), on odd shapes, views and mixed dtypes (exact:
# each item is the same IEEE operation).
import numpy as np

seed = 4242


def rand() -> int:
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed


def arr(shape: tuple[int, ...], dt: type) -> np.ndarray:
    n = 1
    for d in shape:
        n = n * int(d)
    vals: list[float] = []
    for _ in range(n):
        vals.append((rand() % 2001 - 1000) / 64.0)
    return np.array(vals, dtype=dt).reshape(shape)


for dt in [np.float32, np.float64, np.int32]:
    for shape, small in [((50, 41, 3), (3,)), ((7, 5), (5,)), ((333, 2), (2,)), ((9, 4, 13), (4, 1)),
                         ((1000, 1), (1,)), ((6, 63), (63,)), ((3, 65), (65,)), ((20, 7, 3), (7, 3))]:
        x = arr(shape, dt)
        y = arr(small, dt)
        y = np.where(y == 0, np.ones_like(y), y)
        s1 = x + y
        s2 = y - x
        s3 = x * y
        s4 = np.maximum(x, y)
        s5 = x < y
        print(np.dtype(dt).name, shape, small, s1.ravel()[-7:].tolist(), s2.ravel()[:7].tolist(),
              float(s3.astype(np.float64).sum()), s4.ravel()[::97].tolist(), int(s5.sum()))
        if dt != np.int32:
            q = x / y
            print(q.ravel()[::53].tolist(), float(q.astype(np.float64).sum()))

# views as the big operand, a repeated operand that is itself strided
x = arr((40, 30, 6), np.float32)
m = arr((6,), np.float32)[::-1]
v = x[::3, 1::2]
print((v - m).ravel()[::11].tolist(), (v[:, :, ::2] * m[::2]).ravel()[::13].tolist())
print(((x - m) / np.float32(2.5)).ravel()[::37].tolist())
# the preprocessing chain
img = (np.arange(31 * 17 * 3, dtype=np.int64) * 7 % 256).astype(np.uint8).reshape(31, 17, 3)
mean = np.array([0.485, 0.456, 0.406], dtype=np.float32)
std = np.array([0.229, 0.224, 0.225], dtype=np.float32)
z = (img.astype(np.float32) / np.float32(255.0) - mean) / std
print(z.dtype, z.ravel()[::29].tolist())
# mixed dtypes promote before the loop: float32 with float64 rows, int with float
print((arr((11, 3), np.float32) + arr((3,), np.float64)).ravel()[::4].tolist())
print((arr((5, 2), np.int32) * arr((2,), np.float32)).dtype)
# long rows: scalar on either side, same shapes, odd lengths
a = arr((1001,), np.float32)
b = arr((1001,), np.float32)
print((a * b)[::50].tolist(), (2.5 - a)[::71].tolist(), (a / np.float32(3))[::90].tolist(),
      np.minimum(a, b)[::99].tolist(), (a >= b).sum())
# ~ and logical_not of bools on memory that held other values (results are
# not zeroed first: every item must be written)
for i in range(30):
    junk = np.full((40, 40), 7.25) * float(i)
keep = arr((40, 40), np.float32) > 0
for i in range(3):
    junk = np.full((40, 40), 7.25) * float(i)
    print((~keep).astype(np.int64).sum(axis=1)[:8].tolist(), int((~keep[:, None, :]).sum()),
          int(np.logical_not(keep).sum()), (keep[:5, None, :] | ~keep[:5, :, None]).astype(np.int64).sum())
