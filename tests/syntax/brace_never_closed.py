# error: 2: '{' was never closed
d = {'a': 1,
     'b': 2
