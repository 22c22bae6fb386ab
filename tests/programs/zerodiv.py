# An uncaught exception: traceback on stderr, exit status 1.
def ratio(a: int, b: int) -> float:
    return a / b


print(ratio(1, 2))
print(ratio(1, 0))
print("not reached")
