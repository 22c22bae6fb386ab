# collections.namedtuple at module level: the fields (a list, or a string
# split on commas and spaces) take the types of what is stored in them.
import collections
from collections import namedtuple

Pair = namedtuple("Pair", ["left", "right"])
Row = collections.namedtuple("Row", "id, name score")
Vec = namedtuple("Vec", ("x", "y"))


def add(a: Vec, b: Vec) -> Vec:
    return Vec(a.x + b.x, a.y + b.y)


p = Pair(1, "a")
r = Row(7, "x", 2.5)
print(p, r, p.left + 1, r.score * 2, r[1], r[-1], len(r))
a, b = p
print(a, b, r._asdict(), Row._fields, r._replace(score=1.0), r._replace(name="y", id=8))
print(sorted([Pair(2, "b"), Pair(1, "z"), Pair(1, "c")]))
print(add(Vec(1.0, 2.0), Vec(0.5, -1.0)), Vec(1.0, 2.0) == Vec(1.0, 2.0))
rows = [Row(i, f"n{i}", i * 1.5) for i in range(3)]
print(max(rows, key=lambda row: row.score).name, sum(row.score for row in rows))
print({Pair(1, "a"): "one"}[p], list(Vec(3.0, 4.0)), [v * 2 for v in Vec(1.0, 0.25)])
try:
    r.id = 9
except AttributeError as e:
    print("AttributeError:", e)
