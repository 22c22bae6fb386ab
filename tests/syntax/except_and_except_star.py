# error: 6: cannot have both 'except' and 'except*' on the same 'try'
try:
    run()
except ValueError:
    pass
except* TypeError:
    pass
