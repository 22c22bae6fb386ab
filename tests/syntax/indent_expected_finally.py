# error: 5: expected an indented block after 'finally' statement on line 4 [IndentationError]
try:
    run()
finally:
cleanup()
