# error: 2: f-string: invalid conversion character: expected 's', 'r', or 'a'
s = f'{x!}'
