# error: 6: invalid syntax
try:
    run()
finally:
    pass
except:
    pass
