# error: 4: invalid syntax
try:
    run()
except ValueError as (a, b):
    pass
