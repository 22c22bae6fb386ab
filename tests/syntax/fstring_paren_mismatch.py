# error: 2: f-string: closing parenthesis '}' does not match opening parenthesis '('
s = f'{foo(}'
