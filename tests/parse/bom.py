# A UTF-8 byte order mark (EF BB BF) starts this file: dropped, as CPython does.
x = "café"
def f():
    return x
