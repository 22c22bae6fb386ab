# error: 2: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
while line = f.readline():
    pass
