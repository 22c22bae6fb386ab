# error: 2: invalid syntax
x = 1.2.3
