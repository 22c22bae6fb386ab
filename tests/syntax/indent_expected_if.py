# error: 3: expected an indented block after 'if' statement on line 2 [IndentationError]
if x:
pass
