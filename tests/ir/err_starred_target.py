# Two starred targets in one assignment: CPython's syntax error, at compile time.
# error: 3: error[K0006]: multiple starred expressions in assignment
a, *b, *c = [1, 2, 3]
print(a, b, c)
