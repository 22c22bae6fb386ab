# error: 4: expected 'except' or 'finally' block
try:
    run()
catch Exception as e:
    pass
