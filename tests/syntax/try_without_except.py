# error: 4: expected 'except' or 'finally' block
try:
    run()
x = 1
