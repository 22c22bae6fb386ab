# key= functions, map and filter: named functions, builtins, str methods and lambdas
# (desugar.c rewrites them as comprehensions).
words = ["banana", "Apple", "cherry", "date", "Fig", "elderberry", "apple"]
print(list(map(str.upper, words)))
print(list(map(len, words)))
print(sorted(words, key=len))
print(sorted(words, key=str.lower))
print(sorted(words, key=len, reverse=True))
print(sorted(words, key=lambda w: (len(w), w)))
print(min(words, key=len), max(words, key=len))
print(list(filter(lambda w: len(w) > 4, words)))
nums = [3, -1, 4, -1, 5, -9, 2, 6]
print(list(filter(None, [0, 1, 2, 0, 3])))
print(sum(map(abs, nums)), max(nums, key=abs), min(nums, key=abs))
print(list(map(lambda a, b: a * b, nums, range(8))))
print(" ".join(map(str, nums)))
pairs = [("a", 3), ("b", 1), ("c", 2)]
print(sorted(pairs, key=lambda p: p[1]))
print([k for k, v in sorted(pairs, key=lambda p: -p[1])])
line = "10 20 30"
print(sum(map(int, line.split())))


def score(w: str) -> int:
    return sum(1 for c in w if c in "aeiou")


print(sorted(words, key=score))
print(max(words, key=score))
d = {"x": 3, "y": 1, "z": 2}
print(sorted(d, key=lambda k: d[k]))
print(max(d.items(), key=lambda kv: kv[1]))
empty: list[str] = []
print(max(empty, key=len))
