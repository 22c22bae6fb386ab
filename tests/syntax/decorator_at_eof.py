# error: 2: invalid syntax
@cache
