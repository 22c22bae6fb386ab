# Instances whose __init__ sets every field first thing are made without
# zeroing (emit.c, filled_by_init); the others start zeroed: a field set
# later or only sometimes, a class attribute's default, a reference field.
# An __init__ that raises before its fields are set frees the object unread.


class P:
    def __init__(self, x: float, y: int, ok: bool) -> None:
        self.x = x
        self.y = y
        self.ok = ok

    def total(self) -> float:
        return self.x + self.y if self.ok else -1.0


class P3(P):
    def __init__(self, x: float, y: int, z: float) -> None:
        super().__init__(x, y, True)
        self.z = z


class Later:
    limit = 7

    def __init__(self, n: int) -> None:
        self.n = n
        if n > 2:
            self.extra = n * 2

    def show(self) -> str:
        try:
            return f"{self.n} {self.limit} {self.extra}"
        except AttributeError as e:
            return f"{self.n} {self.limit} {e}"


class Checked:
    def __init__(self, a: int, b: int) -> None:
        self.a = a
        self.b = 100 // b


ps = [P(float(i), i * 2, i % 3 != 0) for i in range(6)]
print([p.total() for p in ps])
q = P3(1.5, 2, 3.25)
print(q.total(), q.z, q.ok)
print(Later(1).show(), Later(5).show())
made = 0
for b in [1, 0, 3, 0, 5]:
    try:
        c = Checked(b, b)
        made += c.a + c.b
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
print(made)
