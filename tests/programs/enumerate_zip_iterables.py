# enumerate() and zip() over every kind of iterable, generator expressions
# iterated directly by for loops, and lists that grow while iterated.
d = {"x": 10, "y": 20, "z": 30}
for i, k in enumerate(d):
    print(i, k)
for i, (k, v) in enumerate(d.items(), 1):
    print(i, k, v)
for i, ch in enumerate("héllo"):
    print(i, ch, end="; ")
print()
for i, x in enumerate({5, 6}):
    print(i, x)
for i, obj in enumerate((1.5, "b")):
    print(i, obj)
for i, x in enumerate(range(3, 6)):
    print(i, x)
for a, b in zip("abc", range(10)):
    print(a, b)
for k, v, c in zip(d, d.values(), "pq"):
    print(k, v, c)
for pair in zip([1, 2], [3.5, 4.5]):
    print(pair)
for t in enumerate("ab"):
    print(t)
for x in (n * n for n in range(5) if n % 2 == 0):
    print("gen", x)
for i, sq in enumerate(n * n for n in range(4)):
    print(i, sq)
total = 0
for x in (a * b for a in range(3) for b in range(3)):
    if x == 4:
        break
    if x == 0:
        continue
    total += x
else:
    print("no break")
print(total)
grow = [1, 2, 3]
for x in grow:
    if x < 5:
        grow.append(x + 3)
print(grow)
shrink = [1, 2, 3, 4, 5, 6]
for x in shrink:
    shrink.remove(x)
print(shrink)
for i, (a, b) in enumerate(zip("xy", "uv")):
    print(i, a, b)
names = ["ada", "bob"]
scores = {"ada": 3, "bob": 5}
print({n: scores[n] * 2 for n in names})
print(list(zip(names, [scores[n] for n in names])))
print(dict(enumerate("abc")))
