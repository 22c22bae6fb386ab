# error: 4: expected ':'
try:
    run()
except ValueError as e
    pass
