# Reads of boxed fields (emit.c, find_borrowed, find_still): a field's value
# passed at once to a method that stores no boxed field (a Vec's arithmetic)
# takes no reference; one passed to code that replaces the field, held across
# such a call, returned, or stored keeps its own, so the old object stays
# alive and unchanged where CPython keeps it. Returned locals are moved into
# the return value instead of taking a reference (IR_RETURN).
from typing import Optional


class Vec:
    def __init__(self, x: float, y: float) -> None:
        self.x = x
        self.y = y

    def __add__(self, o: "Vec") -> "Vec":
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o: "Vec") -> "Vec":
        return Vec(self.x - o.x, self.y - o.y)

    def dot(self, o: "Vec") -> float:
        return self.x * o.x + self.y * o.y

    def scaled(self, k: float) -> "Vec":
        if k == 0.0:
            return self
        return Vec(self.x * k, self.y * k)

    def depth(self, n: int) -> float:
        if n == 0:
            return self.x
        return self.depth(n - 1) + 1.0

    def __repr__(self) -> str:
        return f"Vec({self.x}, {self.y})"


class Holder:
    def __init__(self, v: Vec, name: str) -> None:
        self.v = v
        self.name = name
        self.child: Optional["Holder"] = None

    def replace(self, old: Vec) -> float:
        self.v = Vec(-1.0, -1.0)
        junk = [Vec(float(i), float(i)) for i in range(8)]
        return old.x + old.y + junk[7].x

    def rename(self, old: str) -> str:
        self.name = "renamed"
        return old + "!"

    def swap_child(self, old: "Holder") -> str:
        self.child = Holder(Vec(9.0, 9.0), "new")
        return old.name + " " + repr(old.v)


held: list[Holder] = []


def drop_all(h: Holder) -> float:
    held.clear()
    return h.v.x


def reads(h: Holder, o: Vec) -> float:
    d = h.v - o
    return h.v.dot(o) + d.dot(d) + h.v.depth(3)


def passed_to_replacer(h: Holder) -> float:
    return h.replace(h.v)


def held_across(h: Holder) -> str:
    v = h.v
    h.replace(Vec(0.0, 0.0))
    return repr(v) + " " + repr(h.v)


def returned(h: Holder) -> Vec:
    return h.v


def stored(h: Holder, out: list[Vec]) -> None:
    out.append(h.v)
    h.v = Vec(5.0, 5.0)


def chain(h: Holder) -> float:
    c = h.child
    if c is None:
        return 0.0
    return c.v.x + c.v.y


def fresh(n: int) -> Vec:
    acc = Vec(0.0, 0.0)
    for i in range(n):
        acc = acc + Vec(float(i), 1.0)
        if acc.x > 100.0:
            return acc
    try:
        last = acc.scaled(2.0)
        return last
    finally:
        acc = Vec(0.0, 0.0)


def pick(a: Vec, b: Vec, first: bool) -> Vec:
    r = a if first else b
    return r


h = Holder(Vec(1.0, 2.0), "orig")
print(reads(h, Vec(0.5, 0.25)))
print(passed_to_replacer(h), h.v)
h.v = Vec(3.0, 4.0)
print(held_across(h))
h.v = Vec(7.0, 8.0)
r = returned(Holder(Vec(6.0, 6.5), "tmp"))
print(r, returned(h))
out: list[Vec] = []
stored(h, out)
print(out, h.v)
print(h.rename(h.name), h.name)
h.child = Holder(Vec(1.5, 2.5), "kid")
print(chain(h), h.swap_child(h.child), chain(h))
held.append(Holder(Vec(11.0, 12.0), "only"))
print(drop_all(held[0]) if held else 0.0)
print(fresh(5), fresh(30), pick(Vec(1.0, 1.0), Vec(2.0, 2.0), False))
print(Vec(2.0, 3.0).scaled(0.0), Vec(2.0, 3.0).scaled(2.0))
total = 0.0
for i in range(1000):
    h.v = h.v + Vec(1.0, 0.5)
    total += h.v.dot(h.v - Vec(1.0, 1.0))
print(total, h.v)
