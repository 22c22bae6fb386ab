# itertools: count, repeat, chain, islice, cycle, accumulate, pairwise, zip_longest, groupby
import itertools
from itertools import count, islice, chain, groupby, accumulate

print(list(islice(count(), 5)), list(islice(count(10, 3), 4)), list(islice(count(start=5, step=-2), 3)))
for i, c in zip(count(1), "abc"):
    print(i, c)
print(list(itertools.repeat("x", 3)), list(itertools.repeat(2.5, times=2)), list(itertools.repeat(1, -1)))
print(list(zip(itertools.repeat(7), [1, 2, 3])))
print(list(chain([1, 2], [3], range(4, 6))), list(chain("ab", "cd")))
print(list(chain.from_iterable([[1, 2], [3], []])), list(itertools.chain.from_iterable(["ab", "c"])))
print(sum(chain([1, 2], [3, 4])), "".join(chain("ab", "cd")))
print(list(islice("abcdefg", 2)), list(islice("abcdefg", 2, 4)), list(islice("abcdefg", 2, None)))
print(list(islice("abcdefg", 0, None, 2)), list(islice(range(100), 5, 20, 5)), list(islice([1, 2], None)))
it = iter([1, 2, 3, 4, 5])
print(list(islice(it, 2)), next(it))
print(list(islice(itertools.cycle("abc"), 7)), list(itertools.cycle([])))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([0.5, 0.25])), list(accumulate(["a", "b", "c"])))
print(list(itertools.pairwise([1, 2, 3, 4])), list(itertools.pairwise("a")))
print(list(itertools.zip_longest([1, 2, 3], "ab")))
print(list(itertools.zip_longest([1, 2], [3.5], fillvalue=0)))
print(list(itertools.zip_longest("abc", "d", "ef", fillvalue="-")))
for k, g in groupby("aaabccdaa"):
    print(k, list(g))
print([(k, len(list(g))) for k, g in groupby([1, 1, 2, 3, 3, 3])])
words = ["apple", "avocado", "banana", "blueberry", "cherry", "apricot"]
for k, g in groupby(words, key=lambda w: w[0]):
    print(k, list(g))
for k, g in groupby([1, 3, 5, 2, 4, 7], key=lambda n: n % 2):
    print(k, sum(g))
groups = list(groupby("aabbb"))
print([(k, list(g)) for k, g in groups])
try:
    list(islice([1, 2, 3], -1))
except ValueError as e:
    print("ValueError", e)
try:
    list(islice([1, 2, 3], 1, 2, 0))
except ValueError as e:
    print("ValueError", e)
