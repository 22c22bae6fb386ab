# The same key looked up several times in a row, as code that counts and
# groups does: `in` then `d[k] op= v`, `d[k] = []` then `d[k].append`,
# get/setdefault/pop between, keys deleted, popped, re-added, the table
# rebuilt and cleared between two lookups of one object; str keys, tuple
# keys, int keys, and keys of a class whose __hash__ and __eq__ count their
# calls (an optimisation that looks a key up once must not skip them).
from collections import Counter, OrderedDict, defaultdict


class Key:
    hashes = 0
    eqs = 0

    def __init__(self, name: str) -> None:
        self.name = name

    def __hash__(self) -> int:
        Key.hashes += 1
        return hash(self.name)

    def __eq__(self, other: object) -> bool:
        Key.eqs += 1
        return isinstance(other, Key) and self.name == other.name

    def __repr__(self) -> str:
        return f"Key({self.name!r})"


def words(n: int) -> list[str]:
    out: list[str] = []
    seed = 7
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        out.append("w" + str(seed % 23))
    return out


def count(ws: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for w in ws:
        k = w.lower()  # a fresh str each time: equal keys, other objects
        if k in counts:
            counts[k] += 1
        else:
            counts[k] = 1
    return counts


def group(ws: list[str]) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for i, w in enumerate(ws):
        if w not in groups:
            groups[w] = []
        groups[w].append(i)
    return groups


def churn() -> None:
    d: dict[str, int] = {}
    keys = [f"k{i}" for i in range(40)]
    for i, k in enumerate(keys):
        d[k] = i
        if k in d:
            d[k] += 1
    # delete the key last found, then look it up again
    k = keys[5]
    print(k in d, d[k])
    del d[k]
    print(k in d, d.get(k), d.get(k, -1))
    d[k] = 500  # re-added at the end
    print(list(d)[-1], d[k])
    # pop and popitem between two lookups of one key
    k2 = keys[7]
    print(d[k2], d.pop(k2), k2 in d)
    last = list(d)[-1]
    print(d[last], d.popitem(), last in d)
    # a rebuild between (many inserts), then the same object again
    k3 = keys[9]
    print(d[k3])
    for i in range(200):
        d["x" + str(i)] = i
    print(d[k3], k3 in d, len(d))
    # deletes that leave holes, then a rebuild that compacts them
    for i in range(150):
        del d["x" + str(i)]
    for i in range(150):
        d["y" + str(i)] = -i
    print(d[k3], d["y149"], len(d), list(d)[:3], list(d)[-2:])
    # clear between
    k4 = keys[11]
    print(d[k4])
    d.clear()
    print(k4 in d, d.get(k4, -7))
    try:
        d[k4] += 1
    except KeyError as e:
        print("KeyError", e)
    d[k4] = 1
    d[k4] += 1
    print(d)


def tuples(ws: list[str]) -> None:
    pairs: dict[tuple[str, str], int] = {}
    for i in range(len(ws) - 1):
        p = (ws[i], ws[i + 1])
        if p in pairs:
            pairs[p] += 2
        else:
            pairs[p] = 1
    best = max(pairs.items(), key=lambda kv: (kv[1], kv[0]))
    print(len(pairs), best, sum(pairs.values()))
    p = ("w1", "w2")
    pairs[p] = 10
    pairs[p] = pairs[p] * 3
    print(pairs[p], pairs.pop(p), p in pairs)


def ints() -> None:
    d: dict[int, int] = {}
    for i in range(100):
        k = (i * 37) % 11
        if k in d:
            d[k] += i
        else:
            d[k] = i
    print(d)
    obj: dict[int, str] = {1: "a", 2: "b"}
    obj[1] = obj[1] + obj[2]
    print(obj, 1.0 in obj, obj.get(2))


def user_keys() -> None:
    a = Key("a")
    b = Key("b")
    d: dict[Key, int] = {}
    d[a] = 1
    d[b] = 2
    for _ in range(3):
        if a in d:
            d[a] += 1
    d[a] = d[a] * 10
    print(d[a], d.get(b), Key.hashes, Key.eqs)
    a2 = Key("a")  # equal, another object: __eq__ runs
    print(a2 in d, d[a2], Key.hashes, Key.eqs)
    del d[a]
    print(a in d, len(d), Key.hashes, Key.eqs)


def flavours(ws: list[str]) -> None:
    dd: defaultdict[str, int] = defaultdict(int)
    for w in ws:
        dd[w] += 1
        if dd[w] > 3:
            dd[w] -= 1
    print(sorted(dd.items())[:5])
    c: Counter[str] = Counter()
    for w in ws:
        c[w] += 1
    print(c.most_common(3))
    od: OrderedDict[str, int] = OrderedDict()
    for w in ws[:12]:
        if w in od:
            od[w] += 1
            od.move_to_end(w, last=False)
        else:
            od[w] = 1
    print(list(od.items()))
    k = next(iter(od))
    print(od[k], od.popitem(last=False), k in od)
    sd: dict[str, list[int]] = {}
    for i, w in enumerate(ws[:30]):
        sd.setdefault(w, []).append(i)
        sd[w].append(-i)
    print(sorted((k, len(v)) for k, v in sd.items())[:4])


def main() -> None:
    ws = words(400)
    counts = count(ws)
    print(sorted(counts.items()))
    print(list(counts)[:5])
    g = group(ws)
    print(len(g), g["w3"][:5], list(g)[:4])
    churn()
    tuples(ws)
    ints()
    user_keys()
    flavours(ws)


main()
