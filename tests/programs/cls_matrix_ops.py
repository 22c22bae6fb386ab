class Matrix:
    def __init__(self, rows: list[list[float]]) -> None:
        self.rows = rows
        self.n = len(rows)
        self.m = len(rows[0]) if rows else 0

    @staticmethod
    def identity(n: int) -> "Matrix":
        return Matrix([[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)])

    def __matmul__(self, other: "Matrix") -> "Matrix":
        if self.m != other.n:
            raise ValueError(f"shape mismatch: {self.n}x{self.m} @ {other.n}x{other.m}")
        out = []
        for i in range(self.n):
            row = []
            for j in range(other.m):
                s = 0.0
                for k in range(self.m):
                    s += self.rows[i][k] * other.rows[k][j]
                row.append(s)
            out.append(row)
        return Matrix(out)

    def __add__(self, other: "Matrix") -> "Matrix":
        return Matrix([[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(self.rows, other.rows)])

    def transpose(self) -> "Matrix":
        return Matrix([[self.rows[i][j] for i in range(self.n)] for j in range(self.m)])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Matrix) and self.rows == other.rows

    def __repr__(self) -> str:
        return "Matrix(" + repr(self.rows) + ")"

    @property
    def shape(self) -> tuple[int, int]:
        return (self.n, self.m)


def main() -> None:
    a = Matrix([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    b = Matrix([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
    c = a @ b
    print(c, c.shape)
    print(a.transpose(), a.transpose().transpose() == a)
    i3 = Matrix.identity(3)
    print(c @ i3 == c, (c + i3).rows[1])
    print(b @ a)
    try:
        print(a @ a)
    except ValueError as e:
        print("error:", e)


main()
