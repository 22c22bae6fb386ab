# error: 2: cannot assign to literal here. Maybe you meant '==' instead of '='?
'name' = value
