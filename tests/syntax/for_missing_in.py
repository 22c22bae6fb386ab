# error: 2: invalid syntax
for x range(3):
    pass
