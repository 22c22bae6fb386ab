# d[k] op= v on dicts of int and float values: one lookup in kiln (emit.c's
# find_slot_update), CPython's results and errors: KeyError for a missing
# key, an op that raises leaves the value as it was, order kept, and every
# case where something runs between the read and the write.
from collections import Counter, defaultdict


def count(words: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for w in words:
        if w in counts:
            counts[w] += 1
        else:
            counts[w] = 1
    return counts


def pairs(syms: list[str], f: int) -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for i in range(len(syms) - 1):
        p = (syms[i], syms[i + 1])
        if p in out:
            out[p] += f
        else:
            out[p] = f
    return out


def bump(d: dict[str, int], k: str) -> int:
    d[k] += 100
    return d[k]


def grow(d: dict[int, int], k: int) -> int:
    # the value's expression adds keys: the dict is resized between the
    # read of d[k] and the write (no slot kept across it)
    for j in range(50):
        d[1000 + j] = j
    return 1


words = "the cat the dog a cat the end a b c the".split()
c = count(words)
print(c)
print(pairs(list("abracadabra"), 3))

# int keys, float values, other operators
ints: dict[int, int] = {1: 10, 2: 20, -3: 30}
ints[2] -= 5
ints[-3] *= 3
ints[1] //= 4
ints[1] <<= 3
ints[2] %= 7
ints[2] |= 64
ints[-3] ^= 5
print(ints)
fl: dict[str, float] = {"x": 1.5, "y": -2.0}
fl["x"] += 0.25
fl["y"] *= 1.5
fl["x"] /= 3.0
fl["y"] -= 1
print(fl)
tk: dict[tuple[int, str], int] = {(1, "a"): 1}
tk[(1, "a")] += 41
print(tk)
bk: dict[bool, int] = {True: 1}
bk[True] += 1
bk[False] = 0
bk[False] -= 1
print(bk)
fk: dict[float, int] = {1.0: 5}
fk[1] += 1
fk[1.0] += 1
print(fk)

# a missing key raises KeyError, nothing is inserted
try:
    c["zebra"] += 1
except KeyError as e:
    print("KeyError", e, "zebra" in c, len(c))
try:
    print(bump(c, "nope"))
except KeyError as e:
    print("KeyError", repr(e))
print(bump(c, "cat"))

# an op that raises leaves the value as it was
z: dict[str, int] = {"a": 7}
try:
    z["a"] //= 0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e, z)
try:
    z["a"] %= 0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e, z)
fz: dict[str, float] = {"a": 1.0}
try:
    fz["a"] /= 0.0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e, fz)

# something runs between the read and the write
g: dict[int, int] = {0: 1}
g[0] += grow(g, 0)
print(len(g), g[0], list(g)[:3])
h: dict[str, int] = {"a": 1, "b": 2}
h["a"] += h["b"] * 10
h["b"] += len(h)
print(h)

# defaultdict(int) and (float) insert 0 first; Counter answers 0
dd = defaultdict(int)
for w in words:
    dd[w] += 1
dd["new"] -= 3
print(sorted(dd.items()), list(dd)[-1])
df = defaultdict(float)
df["a"] += 0.5
df["b"] -= 1.25
df["a"] *= 4
print(dict(df))
dz = defaultdict(int)
try:
    dz["k"] //= 0
except ZeroDivisionError:
    print("after a failed //=:", dict(dz))
cnt = Counter()
for w in words:
    cnt[w] += 2
print(cnt.most_common(3))

# the updates keep insertion order, and a loop over the dict sees them
order: dict[str, int] = {"z": 0, "y": 0, "x": 0}
for i in range(9):
    order["xyz"[i % 3]] += i
for k, v in order.items():
    print(k, v)
total = 0
for k in order:
    order[k] += 1
    total += order[k]
print(order, total)

# d[k] = d.get(k, dflt) + v: one lookup too; the default is what a missing
# key starts from
gets: dict[str, int] = {}
for w in words:
    gets[w] = gets.get(w, 0) + 1
gets["the"] = gets.get("the", 100) - 10
gets["zz"] = gets.get("zz", 100) - 10
print(gets)
fg: dict[int, float] = {}
for i in range(10):
    fg[i % 3] = fg.get(i % 3, 0.5) + i
print(fg)
tg: dict[tuple[str, int], int] = {}
for i, w in enumerate(words):
    tg[(w, i % 2)] = tg.get((w, i % 2), 0) + i
print(tg)
mixed_get: dict[str, int] = {"a": 1}
mixed_get["a"] = mixed_get.get("b", 5) + 1
mixed_get["c"] = 2 + mixed_get.get("c", 7)
print(mixed_get)
