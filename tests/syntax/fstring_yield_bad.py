# error: 2: f-string: invalid syntax
s = f'{yield from}'
