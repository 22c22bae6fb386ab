import numpy as np


def lcg_values(n: int, seed: int, distinct: int) -> list[float]:
    out = []
    s = seed
    for _ in range(n):
        s = (s * 1103515245 + 12345) % (1 << 31)
        out.append(float((s >> 8) % distinct))
    return out


def check(a: np.ndarray, kth: list[int]) -> None:
    # every kth item is the sorted one; each group between two kth places
    # holds the same items as numpy's (compared sorted)
    idx = np.argpartition(a, kth)
    ranks = sorted(set([k % a.shape[0] for k in kth]))
    s = np.sort(a)
    ok = True
    for k in ranks:
        if not (a[idx[k]] == s[k] or (np.isnan(a[idx[k]]) and np.isnan(s[k]))):
            ok = False
    lo = 0
    for k in ranks + [a.shape[0]]:
        part = np.sort(a[idx[lo:k]])
        want = s[lo:k]
        same = bool(np.all((part == want) | (np.isnan(part) & np.isnan(want))))
        ok = ok and same
        lo = k + 1
    print(a.shape[0], ranks, ok, float(np.sum(np.where(np.isnan(a[idx[: ranks[0]]]), 0.0, a[idx[: ranks[0]]]))))


for n, distinct in [(17, 5), (100, 1000), (1000, 3), (5000, 100000), (4096, 1)]:
    a = np.array(lcg_values(n, n + distinct, distinct))
    check(a, [0])
    check(a, [n - 1])
    check(a, [n // 2])
    check(a, [3, n // 3, -2])
    check(a, [n // 2, n // 2, 1])

b = np.array(lcg_values(300, 7, 50))
b[::7] = np.nan
check(b, [10, 250, 290])
check(-b, [5])
m = np.array(lcg_values(60, 3, 20)).reshape(3, 20)
p = np.argpartition(m, 4, axis=1)
rows = np.arange(3)[:, None]
print(np.sort(m[rows, p[:, :4]], axis=1))
q = np.argpartition(m, 1, axis=0)
print(m[q[1], np.arange(20)])
i = np.array([int(v) for v in lcg_values(999, 11, 40)])
j = np.argpartition(i, [100, 500])
print(i[j[100]], i[j[500]], int(np.sum(i[j[:100]])), int(np.max(i[j[:100]])) <= int(i[j[100]]))
