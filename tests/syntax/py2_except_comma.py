# error: 4: multiple exception types must be parenthesized
try:
    run()
except ValueError, e:
    pass
