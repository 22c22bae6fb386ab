# error: 4: expected an indented block after 'case' statement on line 3 [IndentationError]
match x:
    case 1:
    pass
