# sorted(xs, key=F) sorts by the keys alone, as list.sort with a key does
# (desugar.c sorted_keyed, runtime/sort.c kr_list_sort_keys): stable for
# equal keys, reverse keeps equal keys in order, NaN keys land where
# CPython's comparisons put them, F is called once per item in order, a
# key comparison that raises is CPython's TypeError.
from dataclasses import dataclass


@dataclass
class Item:
    name: str
    score: float
    n: int


calls: list[str] = []


def traced(it: Item) -> int:
    calls.append(it.name)
    return it.n


def main() -> None:
    nan = float("nan")
    items = [Item("a", 2.0, 3), Item("b", 1.0, 1), Item("c", 2.0, 3), Item("d", nan, 2),
             Item("e", -1.5, 1), Item("f", 2.0, 0), Item("g", nan, 5), Item("h", 0.0, 1)]
    print([x.name for x in sorted(items, key=lambda x: x.score)])
    print([x.name for x in sorted(items, key=lambda x: x.score, reverse=True)])
    print([x.name for x in sorted(items, key=lambda x: x.n)])
    print([x.name for x in sorted(items, key=lambda x: x.n, reverse=True)])
    print([x.name for x in sorted(items, key=lambda x: (-x.n, x.name))])
    print([x.name for x in sorted(items, key=lambda x: (x.score, x.n), reverse=True)])
    print([x.name for x in sorted(items, key=traced)], calls)
    # a generator, a dict, a str, a set of ints: anything iterable
    print(sorted((x.name for x in items), key=lambda s: -ord(s)))
    d = {"x": 3, "yy": 1, "zzz": 2}
    print(sorted(d, key=len, reverse=True), sorted(d.items(), key=lambda kv: kv[1]))
    print(sorted("Kiln Sorts", key=str.lower), sorted({5, -3, 4, -1}, key=abs))
    print(sorted([], key=len), sorted([[3, 1], [2], []], key=len))
    # the key reads a variable of the function, and a nested sorted
    bias = 2.5
    print([x.name for x in sorted(items[:5], key=lambda x: abs(x.score - bias) if x.score == x.score else 0.0)])
    groups = [[3, 1, 2], [9, 8], [5]]
    print(sorted(groups, key=lambda g: sorted(g, key=lambda v: -v)[0]))
    # the input list is left as it was
    before = [x.name for x in items]
    sorted(items, key=lambda x: x.name, reverse=True)
    print([x.name for x in items] == before)
    # keys that cannot be compared
    mixed: list[object] = [1, "a", 2.5]
    try:
        print(sorted(mixed, key=lambda v: v))
    except TypeError as e:
        print("TypeError:", e)
    xs = ["b", "a", "c"]
    xs.sort(key=lambda s: s, reverse=True)
    print(xs)


main()
