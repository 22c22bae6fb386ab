# error: 2: expected ':'
try
    run()
except Exception:
    pass
