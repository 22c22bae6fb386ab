# bisect: insertion points with lo/hi, insort keeping a list sorted
import bisect
from bisect import bisect_left, insort

xs = [1, 2, 2, 2, 3, 5, 8, 8, 13]
for x in [0, 1, 2, 3, 4, 8, 13, 14]:
    print(x, bisect_left(xs, x), bisect.bisect_right(xs, x), bisect.bisect(xs, x))
print(bisect.bisect_left(xs, 2, 2), bisect.bisect_left(xs, 2, 4, 6), bisect.bisect_right(xs, 8, lo=1))
print(bisect.bisect_right(xs, 8, hi=5), bisect.bisect_left(xs, 8, lo=2, hi=7), bisect.bisect_left(xs, 8, hi=7, lo=2))
print(bisect.bisect_left(xs, 5, 0, -1), bisect.bisect_left(xs, 5, 0, -3))

fs = [0.5, 1.5, 2.5]
print(bisect.bisect(fs, 2), bisect.bisect_left(fs, 1.5), bisect.bisect_right(fs, 1.5))

out = []
for v in [5, 3, 9, 1, 3, 7, 3]:
    insort(out, v)
    print(out)
words: list[str] = []
for w in "the quick brown fox jumps over the lazy dog".split():
    bisect.insort_left(words, w)
print(words)
bisect.insort_right(words, "m", 2, 5)
print(words)
bisect.insort(words, "zz", lo=3)
print(words)
grades = "FDCBA"
print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in [33, 99, 77, 70, 89, 90, 100]])
pairs = [(1, "a"), (2, "b"), (4, "d")]
bisect.insort(pairs, (3, "c"))
print(pairs)

try:
    bisect.bisect_left(xs, 3, -1)
except ValueError as e:
    print("ValueError", e)
try:
    bisect.bisect_left(xs, 100, 0, 20)
except IndexError as e:
    print("IndexError", e)
try:
    bisect.bisect_left([1, "a", 3], 2)
except TypeError as e:
    print("TypeError", e)
