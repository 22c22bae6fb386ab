# error: 2: invalid syntax
if a not is None:
    pass
