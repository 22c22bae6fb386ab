# try/except/else/finally, bare except, multiple types, `as`, except* (PEP 654),
# raise, raise from, bare raise, assert.
try:
    pass
except ValueError:
    pass
except (TypeError, KeyError) as e:
    raise RuntimeError("wrapped") from e
except Exception as e:
    raise
except:
    raise SystemExit(1) from None
else:
    done = True
finally:
    cleanup()

try:
    risky()
finally:
    pass

try:
    risky()
except* ValueError as eg:
    handle(eg)
except* (TypeError, OSError):
    pass
else:
    pass
finally:
    pass

try:
    pass
except* ExceptionGroup:
    pass

assert x
assert x, "message"
assert (x, "a tuple is always true")
raise
raise ValueError
raise ValueError("x") from exc.__cause__
