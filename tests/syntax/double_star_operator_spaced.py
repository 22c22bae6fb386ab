# error: 2: invalid syntax
x = 2 * * 3
