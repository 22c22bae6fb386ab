# error: 2: cannot assign to f-string expression here. Maybe you meant '==' instead of '='?
f'{x}' = 1
