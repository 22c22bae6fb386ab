from typing import Optional


class Tree:
    def __init__(self, key: int) -> None:
        self.key = key
        self.left: Optional["Tree"] = None
        self.right: Optional["Tree"] = None
        self.size = 1

    def insert(self, key: int) -> "Tree":
        self.size += 1
        if key < self.key:
            if self.left is None:
                self.left = Tree(key)
            else:
                self.left.insert(key)
        else:
            if self.right is None:
                self.right = Tree(key)
            else:
                self.right.insert(key)
        return self

    def inorder(self, out: list[int]) -> list[int]:
        if self.left is not None:
            self.left.inorder(out)
        out.append(self.key)
        if self.right is not None:
            self.right.inorder(out)
        return out

    def height(self) -> int:
        lh = self.left.height() if self.left is not None else 0
        rh = self.right.height() if self.right is not None else 0
        return 1 + max(lh, rh)


class Counter:
    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def add(self, word: str) -> "Counter":
        self.counts[word] = self.counts.get(word, 0) + 1
        return self

    def top(self, n: int) -> list[tuple[str, int]]:
        return sorted(self.counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


class Lazy:
    def __init__(self, eager: bool) -> None:
        if eager:
            self.value = 42

    def get(self) -> int:
        return self.value


t = Tree(50)
for k in [30, 70, 20, 40, 60, 80, 35, 45, 65]:
    t.insert(k)
print(t.inorder([]), t.size, t.height())
c = Counter()
for w in "the cat and the dog and the bird".split():
    c.add(w)
print(c.add("cat").top(3))
people = {"ann": Lazy(True), "bob": Lazy(True)}
print(sum(p.get() for p in people.values()))
objs = sorted([Tree(5), Tree(1), Tree(3)], key=lambda x: x.key)
print([o.key for o in objs])
print(t.left.left.key if t.left is not None and t.left.left is not None else -1)
x = Lazy(False)
print(x.get())
