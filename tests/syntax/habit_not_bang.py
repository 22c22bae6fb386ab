# error: 2: invalid syntax
if !done:
    pass
