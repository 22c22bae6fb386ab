# containers of collections inside others, Counter.update from a dict, itertools corners
from collections import Counter, defaultdict, deque
import itertools
c = Counter("aab")
c.update({"a": 2, "z": 5})
print(c, c.most_common(1), [c])
d = defaultdict(list)
d[1].append("x")
print([d], {"k": d})
q = deque(range(5), maxlen=3)
print(q, [q])
e = deque([[1], [2]])
e[0].append(9)
print(e)
print(list(itertools.islice(itertools.count(), 3, 8, 2)))
for a, b in itertools.zip_longest([1, 2, 3], [4]):
    print(a, b)
print(next(itertools.permutations("ab")))
g = itertools.groupby([])
print(list(g))
