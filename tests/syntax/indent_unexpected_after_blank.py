# error: 5: unexpected indent [IndentationError]
def f():
    return 1

        x = 2
