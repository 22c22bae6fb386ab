# Reductions on their fast paths: max/min/argmax/argmin of float runs
# (vectorised, with nan, zeros and ties), sums and means over leading axes
# of contiguous arrays (numpy's row-by-row order), and matrix-by-vector
# products (the GEMV). Exact but for the products (stated tolerance).
# tolerance: 1e-5
import numpy as np

seed = 99


def rand() -> int:
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed


def arr(n: int, dt: type) -> np.ndarray:
    vals: list[float] = []
    for _ in range(n):
        vals.append((rand() % 20001 - 10000) / 128.0)
    return np.array(vals, dtype=dt)


for dt in [np.float32, np.float64]:
    for n in [16, 17, 31, 32, 33, 100, 1001, 20000]:
        a = arr(n, dt)
        print(np.dtype(dt).name, n, float(a.max()), float(a.min()), int(np.argmax(a)), int(np.argmin(a)))
        b = a.copy()
        b[n // 3] = np.nan
        b[n - 2] = np.nan
        print(float(b.max()), float(b.min()), int(np.argmax(b)), int(np.argmin(b)))
        c = np.zeros(n, dtype=dt)
        c[n - 1] = -0.0
        c[1] = -0.0
        # (which zero max returns among 0.0 and -0.0 depends on numpy's SIMD lanes: not compared)
        print(abs(float(c.max())), int(np.argmax(c)), int(np.argmin(c)))
        d = np.full(n, -3.0, dtype=dt)
        d[5] = 7.0
        d[n - 1] = 7.0
        print(int(np.argmax(d)), int(np.argmin(d)), float(d.max()))
    mat = arr(37 * 45, dt).reshape(37, 45)
    print(mat.max(axis=1).tolist()[:6], mat.min(axis=0).tolist()[:6], np.argmax(mat, axis=1).tolist()[:9],
          np.argmin(mat, axis=0).tolist()[:9], mat.max(axis=1, keepdims=True).shape)
    # leading axes
    for shape in [(20000 // 16, 16), (7, 129), (3, 5, 7), (1, 9), (64, 1)]:
        x = arr(int(np.prod(np.array(shape))), dt).reshape(shape)
        print(shape, x.sum(axis=0).ravel()[:5].tolist(), x.mean(axis=0).ravel()[:5].tolist(),
              x.sum(axis=0, keepdims=True).shape)
    y = arr(3 * 5 * 7, dt).reshape(3, 5, 7)
    print(y.sum(axis=(0, 1)).tolist(), y.mean(axis=(0, 1), keepdims=True).ravel().tolist())
    print(y.sum(axis=1)[1].tolist(), y.T.sum(axis=0)[2].tolist(), y[:, ::2].sum(axis=0)[1].tolist())
    s = arr(20000 * 8, dt).reshape(20000, 8)
    print(s.sum(axis=0).tolist(), s.sum(axis=1)[:4].tolist())

# matrix times vector, float32 and float64, odd sizes, views
for m, k in [(20000, 128), (7, 5), (33, 1), (1, 9), (129, 63)]:
    A = arr(m * k, np.float32).reshape(m, k) / np.float32(64)
    v = arr(k, np.float32) / np.float32(64)
    r = A @ v
    print(m, k, r.shape, r[:4].tolist(), float(r.astype(np.float64).sum()))
    print((A @ v.reshape(k, 1))[:3].ravel().tolist(), (A[::2] @ v)[:3].tolist(),
          (A.astype(np.float64) @ v.astype(np.float64))[:3].tolist())
At = arr(40 * 30, np.float32).reshape(40, 30).T
print((At @ arr(40, np.float32))[:5].tolist(), np.dot(At, arr(40, np.float32))[:3].tolist())
