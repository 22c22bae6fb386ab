# error: 2: cannot assign to ellipsis here. Maybe you meant '==' instead of '='?
... = 1
