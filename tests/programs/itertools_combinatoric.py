# itertools: product, permutations, combinations, combinations_with_replacement
import itertools
from itertools import permutations, combinations, product

print(list(product([1, 2], "ab")))
print(list(product(range(2), repeat=3)))
print(list(itertools.product([1, 2], [3.5], ["x", "y"])))
print(list(product([], [1, 2])), list(product([1, 2], repeat=0)))
for a, b in product("xy", [True, False]):
    print(a, b)
print(list(permutations([1, 2, 3])))
print(list(permutations("abcd", 2)))
print(list(permutations(range(3), r=3)) == list(permutations(range(3))))
print(list(permutations([1, 2], 3)), list(permutations([], 0)))
print(list(combinations(range(5), 3)))
print(list(combinations("abc", 0)), list(combinations("abc", 4)))
print(list(itertools.combinations_with_replacement("abc", 2)))
print(list(itertools.combinations_with_replacement([1.5, 2.5], 3)))
print(len(list(permutations(range(6), 4))), sum(1 for _ in combinations(range(10), 5)))
total = 0
for x, y, z in combinations([1, 5, 10, 20], 3):
    total += x * y * z
print(total)
best = max(permutations([3, 1, 2]), key=lambda p: p[0] * 10 + p[1])
print(best)
for t in combinations([(1, "a"), (2, "b"), (3, "c")], 2):
    print(t[0][1] + t[1][1])
try:
    list(combinations([1, 2], -1))
except ValueError as e:
    print("ValueError", e)
