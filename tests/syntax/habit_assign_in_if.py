# error: 2: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
if x = 1:
    pass
