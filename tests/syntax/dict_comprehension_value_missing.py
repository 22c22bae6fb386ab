# error: 2: invalid syntax
d = {k: for k in keys}
