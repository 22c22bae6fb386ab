# error: 2: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
for (i = 0; i < 10; i++):
    pass
