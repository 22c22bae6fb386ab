# error: 2: f-string: single '}' is not allowed
s = f'a}b'
