# error: 2: f-string: empty expression not allowed
s = f'{}'
