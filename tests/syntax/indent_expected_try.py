# error: 3: expected an indented block after 'try' statement on line 2 [IndentationError]
try:
run()
except:
    pass
