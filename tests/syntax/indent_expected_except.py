# error: 5: expected an indented block after 'except' statement on line 4 [IndentationError]
try:
    run()
except ValueError:
pass
