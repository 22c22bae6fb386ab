# error: 2: invalid syntax
xs = [for i in y]
