# error: 2: invalid syntax
x = obj.
