# error: 3: expected an indented block after function definition on line 2 [IndentationError]
def f():
return 1
