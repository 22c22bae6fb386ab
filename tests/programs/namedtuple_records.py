# typing.NamedTuple classes: construction (positional, keyword, defaults),
# field access, indexing, unpacking, len, iteration, ==, ordering, hash,
# CPython's repr, _replace, _asdict, _fields, methods, and the errors.
import typing
from typing import NamedTuple


class Point(NamedTuple):
    x: int
    y: float = 0.0


class Employee(typing.NamedTuple):
    name: str
    dept: str
    salary: int = 100
    tags: list[str] = []

    def label(self) -> str:
        return f"{self.name}@{self.dept}"

    def raised(self, pct: int) -> "Employee":
        return self._replace(salary=self.salary * (100 + pct) // 100)


class Segment(NamedTuple):
    start: Point
    end: Point

    def length2(self) -> float:
        dx = self.end.x - self.start.x
        dy = self.end.y - self.start.y
        return dx * dx + dy * dy


p = Point(1, 2.0)
q = Point(x=3)
print(p, q, repr(p), str(q))
print(p.x, p.y, p[0], p[1], p[-1], p[0] + 10, len(p))
print(q == Point(3, 0.0), p == q, p != q, hash(p) == hash((1, 2.0)))
a, b = p
print(a + 1, b * 2)
print(list(p), tuple(q), [v for v in q], sum(Point(4, 0.5)))
for i in range(len(p)):
    print("item", i, p[i])

r = p._replace(y=5.5)
print(r, p, p._replace(x=7, y=1.0), p._replace())
print(p._asdict(), Point._fields, p._fields, len(Point._fields))

e = Employee("ann", "eng")
f = Employee("bob", dept="ops", salary=250, tags=["lead"])
print(e, f)
print(e.label(), f.label(), e.raised(10), f.raised(-20).salary)
print(e._asdict()["name"], f._asdict())

staff = [f, e, Employee("cid", "eng", 180), Employee("ann", "eng", 90)]
print(sorted(staff))
print(max(staff, key=lambda s: s.salary).name, min(staff).name)
by_dept: dict[str, list[str]] = {}
for s in staff:
    by_dept.setdefault(s.dept, []).append(s.name)
print(by_dept)

seg = Segment(Point(0, 0.0), Point(3, 4.0))
print(seg, seg.length2(), seg.end.y, seg[1][0])
start, end = seg
print(start.x, end)

seen = {Point(1, 2.0): "first", Point(2, 1.0): "second"}
print(seen[p], Point(2, 1.0) in seen, Point(9, 9.0) in seen)
print(Point(1, 2.0) < Point(1, 3.0), Point(2, 0.0) > Point(1, 9.0), Point(1, 2.0) <= p)

try:
    p.x = 5
except AttributeError as err:
    print("AttributeError:", err)
try:
    print(p[2])
except IndexError as err:
    print("IndexError:", err)

pts = [Point(i, i / 2) for i in range(4)]
print(pts[2], [pt.y for pt in pts if pt.x % 2 == 1])
print(pts[3][5])
