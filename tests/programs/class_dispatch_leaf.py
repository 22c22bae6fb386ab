# Method dispatch and isinstance on classes of the program (emit.c,
# instance_test): a class nothing derives from is tested by its type alone,
# one with subclasses by the walk up the bases, so an instance of a
# subclass that does not override a method still gets its nearest base's.
from typing import Optional


class Shape:
    def area(self) -> float:
        return 0.0

    def name(self) -> str:
        return "shape"


class Rect(Shape):
    def __init__(self, w: float, h: float) -> None:
        self.w = w
        self.h = h

    def area(self) -> float:
        return self.w * self.h

    def name(self) -> str:
        return "rect"


class Square(Rect):
    def __init__(self, s: float) -> None:
        super().__init__(s, s)


class Tile(Square):
    def name(self) -> str:
        return "tile"


class Circle(Shape):
    def __init__(self, r: float) -> None:
        self.r = r

    def area(self) -> float:
        return 3.0 * self.r * self.r


class Err(ValueError):
    def __init__(self, code: int) -> None:
        super().__init__(f"code {code}")
        self.code = code


class SubErr(Err):
    pass


def describe(s: Optional[Shape]) -> str:
    if s is None:
        return "none"
    kinds = [isinstance(s, Rect), isinstance(s, Square), isinstance(s, Tile), isinstance(s, Circle)]
    return f"{s.name()} {s.area()} {kinds}"


shapes: list[Shape] = [Shape(), Rect(2.0, 3.0), Square(2.0), Tile(1.5), Circle(1.0)]
for s in shapes:
    print(describe(s))
print(describe(None))
total = 0.0
for i in range(100):
    total += shapes[i % len(shapes)].area()
print(total)
for code in [1, 2]:
    try:
        if code == 1:
            raise Err(code)
        raise SubErr(code)
    except Err as e:
        print(type(e).__name__, e.code, e, isinstance(e, SubErr))
