# CRLF line endings (\r\n) throughout, including inside a triple-quoted
# string, which CPython reads as \n, and after a backslash continuation.
def f(a,
      b):
    s = """one
two"""
    t = a + \
        b
    return s, t

if True:
    pass
