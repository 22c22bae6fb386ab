# error: 2: invalid syntax
raise from e
