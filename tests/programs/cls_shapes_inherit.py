import math


class Shape:
    def __init__(self, name: str) -> None:
        self.name = name

    def area(self) -> float:
        return 0.0

    def describe(self) -> str:
        return f"{self.name} with area {self.area():.2f}"

    def __repr__(self) -> str:
        return f"Shape({self.name!r})"


class Circle(Shape):
    def __init__(self, r: float) -> None:
        super().__init__("circle")
        self.r = r

    def area(self) -> float:
        return math.pi * self.r * self.r


class Rect(Shape):
    def __init__(self, w: float, h: float) -> None:
        super().__init__("rect")
        self.w = w
        self.h = h

    def area(self) -> float:
        return self.w * self.h

    @property
    def perimeter(self) -> float:
        return 2 * (self.w + self.h)


class Square(Rect):
    def __init__(self, side: float) -> None:
        super().__init__(side, side)
        self.name = "square"


def main() -> None:
    shapes: list[Shape] = [Circle(1.0), Rect(2.0, 3.5), Square(2.0), Circle(0.5)]
    for s in shapes:
        print(s.describe())
    total = sum(s.area() for s in shapes)
    print(f"total {total:.4f}")
    biggest = max(shapes, key=lambda s: s.area())
    print("biggest:", biggest)
    sq = Square(3.0)
    print(sq.perimeter, isinstance(sq, Rect), isinstance(sq, Circle))
    by_name: dict[str, int] = {}
    for s in shapes:
        by_name[s.name] = by_name.get(s.name, 0) + 1
    print(by_name)


main()
