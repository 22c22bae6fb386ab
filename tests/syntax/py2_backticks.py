# error: 2: invalid syntax
s = `x`
