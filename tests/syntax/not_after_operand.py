# error: 2: invalid syntax
x = a not b
