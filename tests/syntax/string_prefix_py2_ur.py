# error: 2: invalid syntax
s = ur'x'
