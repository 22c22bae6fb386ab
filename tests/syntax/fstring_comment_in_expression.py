# error: 2: f-string expression part cannot include '#'
s = f'{x # the value}'
