# Matrix multiply, transpose and identity with nested lists of ints and floats.
def make(n: int, m: int, start: int) -> list[list[int]]:
    rows: list[list[int]] = []
    v = start
    for i in range(n):
        row: list[int] = []
        for j in range(m):
            row.append(v)
            v += 1
        rows.append(row)
    return rows


def matmul(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    n = len(a)
    m = len(b[0])
    k = len(b)
    out: list[list[int]] = []
    for i in range(n):
        row: list[int] = []
        for j in range(m):
            s = 0
            for t in range(k):
                s += a[i][t] * b[t][j]
            row.append(s)
        out.append(row)
    return out


def transpose(a: list[list[int]]) -> list[list[int]]:
    out: list[list[int]] = []
    for j in range(len(a[0])):
        row: list[int] = []
        for i in range(len(a)):
            row.append(a[i][j])
        out.append(row)
    return out


a = make(2, 3, 1)
b = make(3, 2, 7)
print(a)
print(b)
c = matmul(a, b)
print(c)
print(transpose(c))
for row in matmul(transpose(a), a):
    print(row, sum(row))
f = [[0.5, 1.5], [2.0, -1.0]]
g = [[1.0, 0.0], [0.25, 4.0]]
h: list[list[float]] = []
for i in range(2):
    r: list[float] = []
    for j in range(2):
        r.append(f[i][0] * g[0][j] + f[i][1] * g[1][j])
    h.append(r)
print(h)
