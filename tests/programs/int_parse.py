# int() and float() of strings, with CPython's errors.
print(int("42"), int("  -17 "), int("1_000"), float("2.5"), float(" -1e3 "), float("inf"))
print(int("12abc"))
