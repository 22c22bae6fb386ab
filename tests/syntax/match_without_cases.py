# error: 3: invalid syntax
match x:
    pass
