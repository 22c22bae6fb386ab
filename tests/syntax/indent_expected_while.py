# error: 3: expected an indented block after 'while' statement on line 2 [IndentationError]
while x:
x -= 1
