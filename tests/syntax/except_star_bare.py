# error: 4: expected one or more exception types
try:
    run()
except*:
    pass
