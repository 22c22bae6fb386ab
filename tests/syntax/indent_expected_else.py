# error: 5: expected an indented block after 'else' statement on line 4 [IndentationError]
if x:
    pass
else:
pass
