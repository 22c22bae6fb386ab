# Found by tests/difffuzz (seed 306): CPython's AST optimizer turns a set display
# of constants that a for loop or a comprehension iterates into a frozenset
# constant, whatever its length, and that decides the order of iteration.
print([v for v in {255, 99999}])
print(list({255, 99999}), {255, 99999})
s = {255, 99999}
print([v for v in s], list(s))
for v in {255, 99999}:
    print(v)
print(list(v for v in {255, 99999}), sum(v for v in {7, 15}), {v for v in {7, 15}})
print([v for v in {-1, 7, -9, 15}], [v for v in {8, 16, 0}])
