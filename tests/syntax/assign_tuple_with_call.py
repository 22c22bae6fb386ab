# error: 2: cannot assign to function call here. Maybe you meant '==' instead of '='?
a, f() = 1, 2
