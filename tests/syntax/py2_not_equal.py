# error: 2: invalid syntax
if a <> b:
    pass
