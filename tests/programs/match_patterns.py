from dataclasses import dataclass
import json


@dataclass
class Point:
    x: int
    y: int


@dataclass
class Circle:
    center: Point
    r: int


def describe(v: int) -> str:
    match v:
        case 0:
            return "zero"
        case 1 | 2 | 3:
            return "small"
        case n if n < 0:
            return f"negative {n}"
        case _:
            return "big"


def shape(s) -> str:
    match s:
        case Point(x=0, y=0):
            return "origin"
        case Point(0, y):
            return f"on y axis at {y}"
        case Point(x, y) if x == y:
            return f"diagonal {x}"
        case Circle(Point(cx, cy), r):
            return f"circle at {cx},{cy} r={r}"
        case Point():
            return "some point"
    return "unknown"


def command(words: list[str]) -> str:
    match words:
        case []:
            return "empty"
        case ["go", direction]:
            return "go " + direction
        case ["say", *rest]:
            return "say " + " ".join(rest)
        case [first, *_, last]:
            return f"{first}..{last}"
    return "?"


def event(e) -> str:
    match e:
        case {"type": "click", "x": x, "y": y}:
            return f"click {x},{y}"
        case {"type": "key", "key": k}:
            return f"key {k}"
        case {"type": t}:
            return f"other {t}"
        case None:
            return "none"
        case True:
            return "true!"
        case int(n):
            return f"int {n}"
        case str() as s:
            return "str " + s
    return "?"


for v in [0, 2, -5, 40]:
    print(describe(v))
print(shape(Point(0, 0)), shape(Point(0, 4)), shape(Point(3, 3)), shape(Point(1, 2)))
print(shape(Circle(Point(1, 2), 5)))
for w in [[], ["go", "north"], ["say", "hi", "there"], ["a", "b", "c"], ["x"]]:
    print(command(w))
for e in json.loads('[{"type": "click", "x": 1, "y": 2}, {"type": "key", "key": "q"}, {"type": "scroll"}, null, true, 7, "s", 2.5]'):
    print(event(e))
first, *middle, last = [1, 2, 3, 4, 5]
print(first, middle, last)
a, *b = "xyz"
print(a, b)
*c, d = (1, 2)
print(c, d)
try:
    p, q, *r = [1]
except ValueError as err:
    print(err)
