# A generator expression used as a value inside a comprehension would need
# the comprehension's variables in a closure: refused where it stands.
def total(it) -> int:
    return sum(it)


print([total(x * y for x in range(3)) for y in range(2)])
# error: 7: error[K0301]: kiln does not support generator expressions as values inside a comprehension or passed to a function that shadows a builtin yet
