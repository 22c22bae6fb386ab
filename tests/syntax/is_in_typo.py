# error: 2: invalid syntax
if a is in b:
    pass
