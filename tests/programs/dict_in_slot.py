# `if k in d: d[k] op= v` keeps the slot the test found (emit.c
# find_slot_in): one lookup for the test and the update. CPython's results
# whatever the key type (1, 1.0 and True are one key), with `not in` and
# the update in the else branch, defaultdict and Counter, and where
# something runs between the test and the update (no slot kept there).
from collections import Counter, defaultdict


def count(words: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for w in words:
        if w in counts:
            counts[w] += 1
        else:
            counts[w] = 1
    return counts


def count_not_in(keys: list[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for k in keys:
        if k not in counts:
            counts[k] = 10
        else:
            counts[k] -= 1
    return counts


def pairs(syms: str) -> dict[tuple[str, str], float]:
    out: dict[tuple[str, str], float] = {}
    for i in range(len(syms) - 1):
        p = (syms[i], syms[i + 1])
        if p in out:
            out[p] *= 1.5
        else:
            out[p] = 1.0
    return out


def drop(d: dict[str, int], k: str) -> int:
    del d[k]
    return 1


def between(d: dict[str, int], k: str) -> None:
    # the update's operand runs code that removes the key: no slot kept
    if k in d:
        d[k] += drop(d, k)


def grow(d: dict[int, int]) -> int:
    for j in range(100):
        d[1000 + j] = j
    return 7


def main() -> None:
    words = "the cat the dog a cat the end a b c the".split()
    print(count(words))
    print(count_not_in([3, 1, 3, 3, 2, 1, -5, 3]))
    print(pairs("abracadabra"))
    fk: dict[float, int] = {1.0: 0, 2.5: 0}
    for x in [1, 2, 1, 3]:
        if x in fk:
            fk[x] += 1
    print(fk)
    bk: dict[int, int] = {1: 0, 0: 0}
    for b in [True, False, True]:
        if b in bk:
            bk[b] += 10
    print(bk)
    d: dict[str, int] = {"a": 1, "b": 2}
    try:
        between(d, "a")
        print(d)
    except KeyError as e:
        print("KeyError", e, d)
    g: dict[int, int] = {0: 1}
    if 0 in g:
        g[0] += grow(g)
    print(len(g), g[0])
    n: dict[str, int] = {"x": 5}
    if "x" in n:
        print("found")
        n["x"] += 1
    if "y" not in n:
        n["y"] = 0
    else:
        n["y"] += 1
    print(n)
    try:
        if "x" in n:
            n["x"] //= 0
    except ZeroDivisionError as e:
        print("ZeroDivisionError", e, n)
    dd: defaultdict[str, int] = defaultdict(int)
    for w in words:
        if w in dd:
            dd[w] += 2
        else:
            dd[w] = 1
    print(sorted(dd.items()))
    c: Counter[str] = Counter()
    for w in words:
        if w not in c:
            c[w] = 5
        else:
            c[w] += 1
    print(c.most_common(3))
    # the update in a loop over the dict's keys: no size change, no error
    for k in list(n):
        if k in n:
            n[k] += 100
    print(n)


main()
