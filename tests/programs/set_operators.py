# Set displays, set(), set(iterable), operators, in-place forms, comparisons.
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a, b, len(a), 3 in a, 9 in a, 9 not in a)
print(a | b, a & b, a - b, b - a, a ^ b)
print(a <= b, a < a, {1, 2} <= a, {1, 2} < a, a >= {4}, a > a, a == {4, 3, 2, 1}, a != b)
empty = set()
print(empty, len(empty), bool(empty), bool(a))
print(set([3, 3, 1]), set("hello") == {"h", "e", "l", "o"}, set(range(5)))
alias = a
a |= {10}
print(alias, alias is a)
a &= {1, 2, 10, 99}
print(alias)
a -= {2}
print(alias)
a ^= {1, 7}
print(alias, a)
c = a
c = c | {100}
print(a, c)
print({x * x for x in range(-3, 4)})
print({1, 2, 3} == {3, 2, 1}, {1} == {1.0})
print({True, 1, 1.0}, {0, False})
big = set()
for i in range(100):
    big.add(i * 7 % 100)
print(len(big), min(big), max(big), sum(big))
print(sorted({"pear", "apple", "fig"}))
print({2.5, 1.5}, {-1, -2, -3})
print(set() == set(), set() | {1})
fs = frozenset({1, 2})
print(fs | {3}, {3} | fs, fs & {2, 5}, fs - {1}, fs ^ {9})
