"""spectral norm: the largest singular value of the infinite matrix
A[i][j] = 1 / ((i + j) * (i + j + 1) / 2 + i + 1), truncated to N x N, by the
power method on A^T A. Entries of A are computed on the fly.
"""

N = 600
ITERATIONS = 10


def a_entry(i: int, j: int) -> float:
    ij = i + j
    return 1.0 / (ij * (ij + 1) // 2 + i + 1)


def times_a(v: list[float], out: list[float]) -> None:
    n = len(v)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a_entry(i, j) * v[j]
        out[i] = s


def times_at(v: list[float], out: list[float]) -> None:
    n = len(v)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a_entry(j, i) * v[j]
        out[i] = s


def times_ata(v: list[float], out: list[float], tmp: list[float]) -> None:
    times_a(v, tmp)
    times_at(tmp, out)


def spectral_norm(n: int) -> float:
    u: list[float] = [1.0] * n
    v: list[float] = [0.0] * n
    tmp: list[float] = [0.0] * n
    for _ in range(ITERATIONS):
        times_ata(u, v, tmp)
        times_ata(v, u, tmp)
    vbv = 0.0
    vv = 0.0
    for i in range(n):
        vbv += u[i] * v[i]
        vv += v[i] * v[i]
    norm: float = (vbv / vv) ** 0.5
    return norm


def main() -> None:
    for n in (50, 100, N):
        print(f"spectral norm, n = {n}: {spectral_norm(n):.12f}")


if __name__ == "__main__":
    main()
