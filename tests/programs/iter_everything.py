# for loops over every iterable: str, dict (keys), views, set, frozenset,
# tuples, ranges in variables, reversed(), sorted(), nested, with else.
word = "naïve"
for ch in word:
    print(ch, end="|")
print()
ages = {"ada": 36, "alan": 41, "grace": 85}
for name in ages:
    print(name, ages[name])
for name in ages.keys():
    print("key", name)
for age in ages.values():
    print("value", age)
for name, age in ages.items():
    print(f"{name}={age}")
for pair in ages.items():
    print(pair)
primes = {7, 2, 5, 3, 11}
for p in primes:
    print("prime", p)
frozen = frozenset([40, 10, 30, 20])
total = 0
for f in frozen:
    total += f
print(total)
point = (3, 4, 5)
for c in point:
    print(c * c)
mixed = (1, "two", 3.0, True, None)
for m in mixed:
    print(repr(m))
r = range(10, 0, -3)
for i in r:
    print("r", i)
print(len(r), 4 in r, 5 in r)
xs = [5, 1, 4]
for x in reversed(xs):
    print("rev", x)
for x in sorted(xs):
    print("sorted", x)
for x in sorted(ages):
    print("sorted key", x)
for x in reversed("abc"):
    print(x)
for x in reversed(range(3)):
    print(x)
for i in range(3):
    for j in range(i):
        print(i, j)
for name in ages:
    if name.startswith("g"):
        print("found", name)
        break
else:
    print("not found")
for name in ages:
    if name.startswith("z"):
        break
else:
    print("no z")
for ch in "hello world":
    if ch == "o":
        continue
    print(ch, end="")
print()
for x in []:
    print("never")
else:
    print("empty else")
empty: dict[str, int] = {}
for k in empty:
    print(k)
print("done")
