# error: 2: f-string: cannot use starred expression here
s = f'{*args}'
