# list[list[float]] operations on lists of float lists: multiply, transpose, identity,
# Gaussian elimination with partial pivoting for determinants, inverses and
# linear systems, and a check that A * inv(A) is the identity.
def show(name: str, m: list[list[float]]) -> None:
    print(name + ":")
    for row in m:
        print("  [" + " ".join(f"{v:9.4f}" for v in row) + "]")


def identity(n: int) -> list[list[float]]:
    return [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]


def transpose(m: list[list[float]]) -> list[list[float]]:
    return [[m[i][j] for i in range(len(m))] for j in range(len(m[0]))]


def matmul(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    if len(a[0]) != len(b):
        raise ValueError(f"shape mismatch: {len(a)}x{len(a[0])} times {len(b)}x{len(b[0])}")
    bt = transpose(b)
    return [[sum((x * y for x, y in zip(row, col)), 0.0) for col in bt] for row in a]


def eliminate(m: list[list[float]], rhs: list[list[float]]) -> tuple[float, list[list[float]]]:
    n = len(m)
    a = [row[:] + r[:] for row, r in zip(m, rhs)]
    det = 1.0
    for col in range(n):
        pivot = col
        for r in range(col + 1, n):
            if abs(a[r][col]) > abs(a[pivot][col]):
                pivot = r
        if abs(a[pivot][col]) < 1e-12:
            raise ZeroDivisionError("matrix is singular")
        if pivot != col:
            a[pivot], a[col] = a[col], a[pivot]
            det = -det
        det *= a[col][col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return det, [row[n:] for row in a]


A = [[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]]
b = [[8.0], [-11.0], [-3.0]]
show("A", A)
show("A^T", transpose(A))
show("A*A", matmul(A, A))
det, x = eliminate(A, b)
print(f"det(A) = {det:.6f}")
show("solution x", x)
show("A*x", matmul(A, x))
det, inv = eliminate(A, identity(3))
show("inverse", inv)
check = matmul(A, inv)
err = max(abs(check[i][j] - (1.0 if i == j else 0.0)) for i in range(3) for j in range(3))
print("A*inv(A) is identity:", err < 1e-9)
H = [[1.0 / (i + j + 1) for j in range(4)] for i in range(4)]
hdet, hinv = eliminate(H, identity(4))
print(f"hilbert det = {hdet:.6e}, inverse corner = {hinv[3][3]:.3f}")
rect = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
show("rect * rect^T", matmul(rect, transpose(rect)))
try:
    matmul(rect, rect)
except ValueError as e:
    print("error:", e)
try:
    eliminate([[1.0, 2.0], [2.0, 4.0]], identity(2))
except ZeroDivisionError as e:
    print("error:", e)
power = identity(2)
fib = [[1.0, 1.0], [1.0, 0.0]]
for _ in range(10):
    power = matmul(power, fib)
print("fib via matrix power:", [int(v) for v in power[0]])
print("trace:", sum((A[i][i] for i in range(3)), 0.0), "frobenius:", round(sum((v * v for row in A for v in row), 0.0) ** 0.5, 6))
