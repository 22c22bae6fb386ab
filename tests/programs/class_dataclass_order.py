from dataclasses import dataclass, field
from typing import Optional


@dataclass
class Item:
    name: str
    price: float
    qty: int = 1
    tags: list[str] = field(default_factory=list)

    def total(self) -> float:
        return self.price * self.qty


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0


@dataclass(frozen=True)
class Key:
    a: str
    b: int


class Node:
    def __init__(self, val: int, next: Optional["Node"] = None) -> None:
        self.val = val
        self.next = next


class Stack:
    def __init__(self) -> None:
        self.items: list[int] = []

    def push(self, x: int) -> None:
        self.items.append(x)

    def pop(self) -> int:
        return self.items.pop()

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return len(self.items) > 0

    @property
    def top(self) -> int:
        return self.items[-1]

    @staticmethod
    def make(n: int) -> "Stack":
        s = Stack()
        for i in range(n):
            s.push(i * i)
        return s


it = Item("apple", 0.5, 3)
it2 = Item("pear", 1.25)
it2.tags.append("fruit")
print(it, it2)
print(it.total(), it2.total(), it == Item("apple", 0.5, 3), it == it2)
vs = [Version(1, 2), Version(0, 9), Version(1), Version(1, 0)]
print(sorted(vs))
print(Version(1, 2) < Version(1, 3), max(vs))
k = Key("x", 1)
print(k, hash(k) == hash(Key("x", 1)), {k: 1}[Key("x", 1)])
try:
    k.b = 2
except AttributeError as e:
    print("frozen:", e)
head = None
for i in range(5):
    head = Node(i, head)
n = head
total = 0
while n is not None:
    total += n.val
    n = n.next
print(total)
s = Stack.make(4)
print(len(s), s.top, bool(s), s.pop(), len(s))
while s:
    s.pop()
print(len(s), bool(s))
if not s:
    print("empty")
