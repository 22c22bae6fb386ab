from typing import Optional


class Shape:
    def area(self) -> float:
        return 0.0


class Rect(Shape):
    def __init__(self, w: float, h: float) -> None:
        self.w = w
        self.h = h

    def area(self) -> float:
        return self.w * self.h

    def diagonal(self) -> float:
        return (self.w ** 2 + self.h ** 2) ** 0.5


class Circle(Shape):
    def __init__(self, r: float) -> None:
        self.r = r

    def area(self) -> float:
        return 3.0 * self.r * self.r


def info(s: Shape) -> str:
    if isinstance(s, Rect):
        return f"rect diag {s.diagonal():.2f}"
    elif isinstance(s, Circle):
        return f"circle r {s.r}"
    return "shape"


def find(names: list[str], prefix: str) -> Optional[str]:
    for n in names:
        if n.startswith(prefix):
            return n
    return None


shapes: list[Shape] = [Rect(3.0, 4.0), Circle(2.0), Shape()]
for s in shapes:
    print(info(s), s.area())
def main() -> None:
    found = find(["alpha", "beta"], "be")
    if found is not None:
        print(found.upper(), len(found))
    missing = find(["alpha"], "z")
    if missing is None:
        print("none found")
    else:
        print(missing.lower())
    x = 5
    if x is not None:
        print(x + 1)


main()
