class Vec:
    def __init__(self, xs: list[float]) -> None:
        self.xs = xs

    def __getitem__(self, i: int) -> float:
        return self.xs[i]

    def __setitem__(self, i: int, v: float) -> None:
        self.xs[i] = v

    def __contains__(self, v: float) -> bool:
        return v in self.xs

    def __len__(self) -> int:
        return len(self.xs)

    def __mul__(self, k: float) -> "Vec":
        return Vec([x * k for x in self.xs])

    def __rmul__(self, k: float) -> "Vec":
        return self * k

    def __neg__(self) -> "Vec":
        return Vec([-x for x in self.xs])

    def __str__(self) -> str:
        return "<" + ", ".join(str(x) for x in self.xs) + ">"

    def __call__(self, k: int) -> float:
        return self.xs[k] * 10


class Money:
    def __init__(self, cents: int) -> None:
        self.cents = cents

    def __lt__(self, other: "Money") -> bool:
        return self.cents < other.cents

    def __eq__(self, other: "Money") -> bool:
        return self.cents == other.cents

    def __hash__(self) -> int:
        return hash(self.cents)

    def __repr__(self) -> str:
        return f"${self.cents // 100}.{self.cents % 100:02d}"


class Animal:
    sound = "..."

    def __init__(self, name: str) -> None:
        self.name = name

    def speak(self) -> str:
        return f"{self.name} says {self.sound}"

    def kind(self) -> str:
        return "animal"


class Dog(Animal):
    sound = "woof"

    def kind(self) -> str:
        return "dog"


class Puppy(Dog):
    def kind(self) -> str:
        return "puppy (" + super().kind() + ")"


v = Vec([1.0, 2.0, 3.0])
v[1] = 5.0
print(v, len(v), v[0], 5.0 in v, 7.0 in v, 7.0 not in v)
print(v * 2.0, 3.0 * v, -v, v(2))
ms = [Money(250), Money(99), Money(1000), Money(99)]
print(sorted(ms), min(ms), max(ms), ms[1] == ms[3], ms[0] < ms[1], ms[0] > ms[1])
print(len({m for m in ms}), Money(99) in ms, ms.index(Money(1000)))
d = {Money(5): "five"}
print(d[Money(5)])
zoo: list[Animal] = [Animal("generic"), Dog("rex"), Puppy("bit")]
for a in zoo:
    print(a.speak(), "/", a.kind(), isinstance(a, Dog))
print(str(v), repr(ms[0]), f"{ms[0]!r} and {v}")
