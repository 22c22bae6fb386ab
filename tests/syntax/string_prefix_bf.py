# error: 2: invalid syntax
s = bf'x'
