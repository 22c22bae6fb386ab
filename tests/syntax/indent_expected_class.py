# error: 3: expected an indented block after class definition on line 2 [IndentationError]
class A:
x = 1
