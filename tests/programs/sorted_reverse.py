# sorted(x, reverse=...) over lists, tuples, strs, dicts, sets and ranges, and list.sort(reverse=...).
xs = [5, 2, 9, 1, 5, 6]
print(sorted(xs), sorted(xs, reverse=True), sorted(xs, reverse=False), xs)
print(sorted((3.5, -1.0, 2.25), reverse=True), sorted("kiln", reverse=True), sorted("banana"))
print(sorted({"b": 1, "a": 2, "c": 0}, reverse=True), sorted({3, 1, 2}, reverse=True), sorted(range(5), reverse=True))
print(sorted(["pear", "Apple", "fig"], reverse=True), sorted([True, False, True], reverse=True))
print(sorted([(2, "b"), (1, "z"), (2, "a")], reverse=True), sorted([[3], [1, 2], [1]], reverse=True))
flag = len(xs) > 3
print(sorted(xs, reverse=flag), sorted(xs, reverse=not flag), sorted(xs, reverse=1), sorted(xs, reverse=0))
ys = [4, 1, 3]
ys.sort(reverse=True)
print(ys)
ys.sort(reverse=False)
print(ys)
ys.sort()
print(ys)
zs = ["b", "c", "a"]
zs.sort(reverse=flag)
print(zs)
fs = [2.5, -1.0, 3.75, 0.0]
fs.sort(reverse=True)
print(fs)
pairs = [(1, "b"), (1, "a"), (0, "c")]
pairs.sort(reverse=True)
print(pairs)
stable = sorted([3, 1, 2] * 3, reverse=True)
print(stable)
try:
    print(sorted([1, "a"], reverse=True))
except TypeError as e:
    print("TypeError:", e)
