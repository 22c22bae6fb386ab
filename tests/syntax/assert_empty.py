# error: 2: invalid syntax
assert
