# max() and min() with default= for empty sequences, and CPython's empty-sequence messages.
print(max([], default=0), min([], default=-1), max([3, 9, 2], default=0), min([3, 9, 2], default=100))
print(max("", default="z"), min("kiln", default="?"), max((), default=None), min({}, default="empty"))
print(max({5, 1}, default=0), min({"b": 1, "a": 2}, default=""), max(range(0), default=-5), max(range(4), default=-5))
print(max([1.5, 2.5], default=0.0), min([], default=2.5), max(iter([]), default="it"), max(iter([4, 8, 1]), default=0))
xs: list[int] = []
print(max(xs, default=None), min(xs, default=0))
xs.append(7)
print(max(xs, default=None), min(xs, default=0))
print(max([[1, 2], [3]], default=[]), min([(2, "b"), (1, "z")], default=(0, "")))
for n in range(4):
    vals = [v * v - 3 * v for v in range(n)]
    print(n, max(vals, default=-100), min(vals, default=100))
for label in ["max", "min"]:
    try:
        if label == "max":
            print(max([]))
        else:
            print(min(""))
    except ValueError as e:
        print("ValueError:", e)
try:
    print(max(iter([])))
except ValueError as e:
    print("ValueError:", e)
try:
    print(min(range(0)))
except ValueError as e:
    print("ValueError:", e)
