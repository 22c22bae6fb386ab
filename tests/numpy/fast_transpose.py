# Copies of transposed views (the blocked transpose): ascontiguousarray,
# copy and astype of permuted, sliced and reversed arrays of odd shapes,
# for every item size (exact).
import numpy as np

seed = 777


def rand() -> int:
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed


def digest(c: np.ndarray) -> int:
    """A checksum that depends on the order of the items."""
    flat = c.astype(np.int64).ravel()
    return int((flat * (np.arange(flat.size, dtype=np.int64) % 1013 + 1)).sum())


dts = [np.int8, np.int16, np.float32, np.float64, np.bool_, np.uint8, np.int32, np.int64]
shapes = [(37, 53), (3, 70001), (70, 3), (1, 45), (45, 1), (33, 2), (5, 7, 9), (224, 31, 3), (2, 3, 40, 33),
          (64, 64), (17, 1, 65)]
for shape in shapes:
    n = 1
    for d in shape:
        n *= d
    base = (np.arange(n, dtype=np.int64) * 7919 % 1000 - 500).reshape(shape)
    for dt in dts:
        a = base.astype(dt)
        nd = len(shape)
        perms: list[tuple[int, ...]] = []
        if nd == 2:
            perms = [(1, 0)]
        elif nd == 3:
            perms = [(2, 0, 1), (1, 0, 2), (0, 2, 1), (2, 1, 0)]
        else:
            perms = [(3, 2, 1, 0), (0, 2, 1, 3), (1, 3, 0, 2)]
        for p in perms:
            c = np.ascontiguousarray(a.transpose(p))
            print(shape, np.dtype(dt).name, p, c.shape, digest(c), c.ravel()[:5].tolist())
        print(digest(a.T.copy()), digest(a[::-1].T.copy()), digest(np.ascontiguousarray(a.T[::2])))

# the transposed copy inside a dtype change and a reduction of a view
m = (np.arange(61 * 29, dtype=np.int64) % 97).reshape(61, 29)
print(digest(m.T.astype(np.float32)), float(m.astype(np.float64).T.sum(axis=1)[3]))
img = (np.arange(224 * 224 * 3, dtype=np.int64) * 7 % 256).astype(np.uint8).reshape(224, 224, 3)
x = np.ascontiguousarray(img.astype(np.float32).transpose(2, 0, 1))
print(x.shape, digest(x), x[1, 2, 3], x[2, 223, 0])
