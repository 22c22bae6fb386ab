# error: 2: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
*f(), b = c
