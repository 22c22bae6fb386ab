# The containers of collections are typed like {} and []: their items by what
# the program stores, a defaultdict's values by its factory (list: a list whose
# items the appends decide), a Counter's values int.
# expect: builtin collections.defaultdict : defaultdict(list)[str, list[int]]
# expect: builtin collections.defaultdict : defaultdict(int)[tuple[int, int], int]
# expect: builtin collections.Counter v0 : Counter[str, int]
# expect: builtin collections.deque : deque[float]
# expect: builtin [] v1, v6 : list[int]
from collections import defaultdict, Counter, deque


def f(words: list[str]) -> None:
    d = defaultdict(list)
    for w in words:
        d[w].append(len(w))
    c = Counter(words)
    q = deque()
    q.append(1.5)
    pairs = defaultdict(int)
    pairs[(1, 2)] += 1
    print(d, c, q, pairs)


f(["a"])
