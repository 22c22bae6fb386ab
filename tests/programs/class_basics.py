class Point:
    def __init__(self, x: float, y: float) -> None:
        self.x = x
        self.y = y

    def norm2(self) -> float:
        return self.x * self.x + self.y * self.y

    def __repr__(self) -> str:
        return f"Point({self.x}, {self.y})"

    def __add__(self, other: "Point") -> "Point":
        return Point(self.x + other.x, self.y + other.y)

    def __eq__(self, other) -> bool:
        return self.x == other.x and self.y == other.y


class Shape:
    count = 0

    def __init__(self, name: str) -> None:
        self.name = name
        Shape.count += 1

    def area(self) -> float:
        return 0.0

    def describe(self) -> str:
        return f"{self.name} with area {self.area():.2f}"


class Circle(Shape):
    def __init__(self, r: float) -> None:
        super().__init__("circle")
        self.r = r

    def area(self) -> float:
        return 3.14159 * self.r * self.r


class Square(Shape):
    def __init__(self, s: float) -> None:
        super().__init__("square")
        self.s = s

    def area(self) -> float:
        return self.s * self.s


p = Point(1.0, 2.0)
q = Point(3.0, 4.5)
print(p, q, p + q)
print(p.norm2(), (p + q).norm2())
print(p == Point(1.0, 2.0), p != q, [p, q])
shapes = [Circle(1.0), Square(2.0), Circle(0.5)]
for s in shapes:
    print(s.describe())
print(sum(s.area() for s in shapes))
print(Shape.count, isinstance(shapes[0], Circle), isinstance(shapes[1], Circle), isinstance(shapes[1], Shape))
p.x = 10.0
print(p)
