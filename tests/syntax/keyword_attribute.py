# error: 2: invalid syntax
x.if = 1
