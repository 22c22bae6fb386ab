# error: 2: invalid syntax
d = {*a: 1}
