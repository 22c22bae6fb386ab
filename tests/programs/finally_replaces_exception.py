# An exception raised in a finally block replaces the one being propagated,
# with that one as its __context__ (the traceback prints both, and the
# last line is the new one).
def f():
    try:
        raise ValueError("original")
    finally:
        print("in finally")
        raise KeyError("replacement")


try:
    f()
except KeyError as e:
    print("caught", repr(e))
f()
