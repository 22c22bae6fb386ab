# error: 5: unindent does not match any outer indentation level [IndentationError]
def f():
    if x:
        return 1
  return 2
