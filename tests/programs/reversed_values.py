# reversed() of lists, tuples, strs, ranges and dicts, consumed by list(), tuple() and for loops.
xs = [1, 2, 3, 4]
print(list(reversed(xs)), tuple(reversed(xs)), list(reversed((1, "a", 2.5))), list(reversed("héllo")))
print(list(reversed(range(5))), list(reversed(range(10, 0, -3))), list(reversed(range(0))), tuple(reversed(range(1, 4))))
print(list(reversed({"a": 1, "b": 2, "c": 3})), list(reversed([])), "".join(reversed("abc")))
for x in reversed(xs):
    print("x", x)
for ch in reversed("kiln"):
    print(ch, end=" ")
print()
for i in reversed(range(3)):
    print("i", i)
for t in reversed((10, 20)):
    print("t", t)
total = 0
for v in reversed([1.5, 2.5]):
    total += v
print(total)
r = reversed(xs)
print(next(r), next(r), list(r), list(r))
words = "the quick brown fox".split()
print(" ".join(reversed(words)), sorted(reversed(words)))
nested = [[1, 2], [3, 4]]
print([list(reversed(row)) for row in reversed(nested)])
xs.append(5)
print(list(reversed(xs)), sum(reversed(xs)), max(reversed(xs)), min(reversed(xs)))
