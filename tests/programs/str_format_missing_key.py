# str.format with a keyword field that was not passed: KeyError, uncaught.
print("{a} {b}".format(a=1, b=2))
print("{a} {c}".format(a=1, b=2))
