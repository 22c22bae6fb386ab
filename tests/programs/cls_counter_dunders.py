class Counter:
    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def update(self, items: list[str]) -> None:
        for it in items:
            self.counts[it] = self.counts.get(it, 0) + 1

    def most_common(self, n: int) -> list[tuple[str, int]]:
        return sorted(self.counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    def __getitem__(self, key: str) -> int:
        return self.counts.get(key, 0)

    def __len__(self) -> int:
        return len(self.counts)

    def __add__(self, other: "Counter") -> "Counter":
        out = Counter()
        for k, v in self.counts.items():
            out.counts[k] = v
        for k, v in other.counts.items():
            out.counts[k] = out.counts.get(k, 0) + v
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Counter):
            return False
        return self.counts == other.counts

    def total(self) -> int:
        return sum(self.counts.values())

    def __str__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self.most_common(len(self)))
        return "Counter({" + inner + "})"


def main() -> None:
    a = Counter()
    a.update("a b c a b a".split())
    b = Counter()
    b.update(["c", "d", "a"])
    print(a)
    print(b)
    c = a + b
    print(c, len(c), c.total())
    print(c["a"], c["zzz"], c.most_common(2))
    d = Counter()
    d.update(["a"] * 4 + ["b"] * 2 + ["c"] * 2 + ["d"])
    print(c == d, c == a, a == a)


main()
