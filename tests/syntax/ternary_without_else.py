# error: 2: expected 'else' after 'if' expression
x = a if b
