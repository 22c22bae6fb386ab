# Empty containers take their element types from later use: appends,
# stores, adds, updates — in the same function, through globals, and through
# calls.
xs = []
xs.append(1)
xs.append(2)
print(xs, sum(xs), xs[0] + 1)
fs = []
for i in range(3):
    fs.append(i / 2)
print(fs, max(fs))
counts = {}
for w in "a b a c b a".split():
    counts[w] = counts.get(w, 0) + 1
print(counts, counts["a"] * 10)
seen = set()
for c in "abracadabra":
    seen.add(c)
print(sorted(seen), len(seen))
groups = {}
for w in ["apple", "avocado", "banana", "blueberry", "cherry"]:
    groups.setdefault(w[0], []).append(w)
print(groups)


def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return out


print(squares(5), sum(squares(4)))


def fill(dst, n):
    for i in range(n):
        dst.append(str(i))


names = []
fill(names, 3)
print(names, "-".join(names))
mixed = []
mixed.append(1)
mixed.append("two")
mixed.append(3.0)
print(mixed)
nested = []
nested.append([1, 2])
nested.append([])
print(nested, len(nested[1]))
table = {}
table[1] = "one"
table[2] = "two"
print(table, sorted(table.values()))
nothing = []
print(nothing, len(nothing), nothing == [])
for x in nothing:
    print(x + 1)
stack = []
stack.append((1, "a"))
n, s = stack.pop()
print(n, s)
lst = list()
lst.append(True)
d2 = dict()
d2["k"] = [1.5]
s2 = set()
s2.add((1, 2))
print(lst, d2, s2)
acc = []
acc += [1, 2]
acc += (3, 4)
print(acc)
