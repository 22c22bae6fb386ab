# error: 3: expected an indented block after 'match' statement on line 2 [IndentationError]
match x:
case 1:
    pass
