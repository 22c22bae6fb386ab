# error: 4: expected ':'
try:
    run()
finally
    cleanup()
