# error: 2: invalid syntax
x = a if b else
