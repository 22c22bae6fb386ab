# Ordering comparisons of tuples: lexicographic, CPython's rules.
a = (1, 2, 3)
b = (1, 2, 4)
print(a < b, a <= b, a > b, a >= b)
print((1, 2) < (1, 2, 0), (1, 2, 0) > (1, 2), (1, 2) <= (1, 2), (1, 2) >= (1, 2))
print(() < (1,), (1,) > (), () <= ())
print((1, "b") < (1, "c"), (2, "a") > (1, "z"))
print((1.5, 2) < (1.5, 3), (1, 2.0) == (1, 2), (1, 2) != (1, 2.5))
print(("x", 1) == ("x", 1), ("x", 1) != ("x", 2), (1, "a") == ("a", 1))
pairs = [(3, "c"), (1, "z"), (2, "b"), (1, "a")]
print(sorted(pairs))
print(min(pairs), max(pairs))
print(sorted(pairs, reverse=True))
pairs.sort()
print(pairs)
best = pairs[0]
for p in pairs:
    if p > best:
        best = p
print(best)
nested = [((1, 2), "x"), ((1, 1), "y"), ((0, 9), "z")]
print(sorted(nested))
print(max(nested))
# first unequal item decides; then its ordering may fail
print((1, "a") < (2, 3))
try:
    print((1, "a") < (1, 3))
except TypeError as e:
    print("TypeError:", e)
print([1, 2] < [1, 2, 3], [2] > [1, 9], [1, 2] <= [1, 2], ["b"] >= ["a", "z"], [[1], [2]] < [[1], [3]])
print((1, 2.5) < (1, 3), (True, 1) < (1, 2), (0.5,) > (0,), ((1, 2), 3) < ((1, 2), 4))
words = ["pear", "fig", "apple", "kiwi", "date"]
print(sorted(words, key=lambda w: (len(w), w)))
print(max(words, key=lambda w: (len(w), w)), min(words, key=lambda w: (-len(w), w)))
scores = {"ann": 3, "bob": 5, "cy": 3}
ranked = sorted([(-v, k) for k, v in scores.items()])
print(ranked, ranked[0] < ranked[1])
t3 = tuple([3, 1, 2])
print(t3 < (3, 1, 5), t3 >= (3,), sorted([t3, (0, 9), (3, 1)]))
events = [(2.5, "b"), (1, "a"), (2.5, "a")]
events.sort(reverse=True)
print(events)
try:
    print(sorted([(1, "a"), (1, 2)]))
except TypeError as e:
    print("TypeError:", e)
try:
    print((None, 1) < (None, 2), (1, None) < (2, None))
    print((None, 1) < (0, 1))
except TypeError as e:
    print("TypeError:", e)
def cmp(x: tuple[int, str], y: tuple[int, int]) -> bool:
    return x < y
print(cmp((1, "a"), (2, 3)))
print((1, 2, 3) < (1, 2, "x"))
