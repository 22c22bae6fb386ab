import math


class Vec:
    def __init__(self, xs: list[float]) -> None:
        self.xs = xs

    def __add__(self, o: "Vec") -> "Vec":
        return Vec([a + b for a, b in zip(self.xs, o.xs)])

    def __sub__(self, o: "Vec") -> "Vec":
        return Vec([a - b for a, b in zip(self.xs, o.xs)])

    def __mul__(self, k: float) -> "Vec":
        return Vec([a * k for a in self.xs])

    def __rmul__(self, k: float) -> "Vec":
        return self * k

    def __neg__(self) -> "Vec":
        return Vec([-a for a in self.xs])

    def __len__(self) -> int:
        return len(self.xs)

    def __getitem__(self, i: int) -> float:
        return self.xs[i]

    def __eq__(self, o: object) -> bool:
        return isinstance(o, Vec) and self.xs == o.xs

    def __abs__(self) -> float:
        return math.sqrt(sum(a * a for a in self.xs))

    def __repr__(self) -> str:
        return "Vec(" + ", ".join(f"{a:g}" for a in self.xs) + ")"

    def dot(self, o: "Vec") -> float:
        return sum(a * b for a, b in zip(self.xs, o.xs))


def main() -> None:
    a = Vec([1.0, 2.0, 2.0])
    b = Vec([0.5, -1.0, 4.0])
    print(a + b, a - b, a * 2.0, 3.0 * b, -a)
    print(len(a), a[1], a[-1], abs(a), a.dot(b))
    print(a == Vec([1.0, 2.0, 2.0]), a == b, a != b)
    unit = a * (1 / abs(a))
    print(unit, round(abs(unit), 12))
    print(a[3])


main()
