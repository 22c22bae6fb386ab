# error: 2: f-string: invalid syntax
s = f'{lambda x: x}'
