# error: 2: closing parenthesis ']' does not match opening parenthesis '('
x = (1, 2]
