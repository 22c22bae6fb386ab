# str % tuple with an argument left over: CPython's TypeError, uncaught.
print("%s=%d" % ("x", 1))
print("%s" % ("x", 1))
