# Slice assignment, del of items and slices, list.sort(key=...).
xs = [0, 1, 2, 3, 4, 5, 6, 7]
xs[2:4] = [20, 30, 40]
print(xs)
xs[::2] = [9, 9, 9, 9, 9]
print(xs)
xs[:] = []
print(xs)
ys = [5, 3, 8, 1]
del ys[1]
print(ys)
del ys[-1]
print(ys)
zs = list(range(10))
del zs[2:8:2]
print(zs)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
ws = ["pear", "Fig", "apple", "kiwi"]
ws.sort(key=len)
print(ws)
ws.sort(key=str.lower, reverse=True)
print(ws)
pairs = [(1, "b"), (0, "a"), (1, "a")]
pairs.sort(key=lambda p: p[1])
print(pairs)
try:
    xs2 = [1, 2, 3]
    xs2[::2] = [1]
except ValueError as e:
    print("ValueError:", e)
try:
    del d["zz"]
except KeyError as e:
    print("KeyError:", e)
del ys[10]
