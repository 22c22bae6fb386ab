# error: 2: invalid syntax
x = **a, b
