# error: 3: expected 'except' or 'finally' block
try:
    run()
