# error: 2: f-string: invalid syntax. Perhaps you forgot a comma?
s = f'{a b}'
