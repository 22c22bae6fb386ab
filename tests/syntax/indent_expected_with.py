# error: 3: expected an indented block after 'with' statement on line 2 [IndentationError]
with lock:
work()
