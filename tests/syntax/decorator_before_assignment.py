# error: 3: invalid syntax
@cache
x = 1
