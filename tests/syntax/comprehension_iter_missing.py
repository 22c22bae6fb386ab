# error: 2: invalid syntax
xs = [i for i in]
