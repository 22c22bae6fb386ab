# error: 2: invalid syntax
with open(p) as:
    pass
