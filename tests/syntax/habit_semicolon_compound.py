# error: 2: invalid syntax
x = 1; if x: pass
