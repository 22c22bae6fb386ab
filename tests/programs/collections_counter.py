# collections.Counter: counting, c[k] is 0 for a missing key, most_common order
from collections import Counter

c = Counter("abracadabra")
print(c)
print(c["a"], c["q"], "q" in c, len(c))
print(c.most_common(), c.most_common(2), c.most_common(0), c.most_common(-1))
words = Counter("the cat and the hat and the bat".split())
print(words.most_common(3))
print(words)
words.update(["cat", "dog", "cat"])
print(words)
words.update(Counter(["the", "emu"]))
print(words, words.total())
c2 = Counter()
for n in [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]:
    c2[n] += 1
print(c2, c2.most_common(1))
print(sorted(c2.elements()))
print(list(Counter("aabbbc").elements()))
a = Counter("aaabbc")
b = Counter("abbbd")
print(a + b, a - b, b - a)
empty = Counter()
print(empty, empty.most_common(), list(empty.elements()))
c3 = Counter([1.5, 2.5, 1.5])
print(c3)
for k, v in c.items():
    print(k, v)
c["a"] -= 10
print(c, c.most_common(2))
del c["b"]
print(c)
print(Counter("hello") == Counter("olleh"))
