# error: 2: f-string: expecting '}'
s = f'{x'
