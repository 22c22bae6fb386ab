# error: 3: unexpected indent [IndentationError]
x = 1
    y = 2
