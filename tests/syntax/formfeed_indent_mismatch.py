# error: 4: unindent does not match any outer indentation level [IndentationError]
if x:
    a = 1
  b = 2
