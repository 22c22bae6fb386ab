"""Lists, dicts, sets, tuples and class instances under allocation failure."""


class Point:
    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y

    def norm1(self) -> int:
        return abs(self.x) + abs(self.y)


def main() -> None:
    xs = [(i * 7) % 13 for i in range(40)]
    xs.sort()
    print(xs[:10], sum(xs), max(xs))
    d = {i: [j for j in range(i)] for i in range(8)}
    print(d[5], len(d), list(d.keys())[-3:])
    s = set(xs) | {100, 200}
    print(sorted(s)[:6], 100 in s, len(s & {1, 2, 3}))
    pts = [Point(i, -i * 2) for i in range(10)]
    pts.sort(key=lambda p: -p.norm1())
    print([p.norm1() for p in pts][:5])
    pairs = list(zip(range(5), "abcde"))
    print(pairs, dict(pairs)[3], tuple(reversed(pairs))[0])
    nested: list[list[str]] = []
    for i in range(6):
        nested.append([str(j) * i for j in range(i)])
    print(nested[-1], sum(len(r) for r in nested))


main()
