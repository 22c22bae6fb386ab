# An uncaught ValueError raised deep in recursion ends the program with exit 1.
def descend(n: int) -> int:
    if n == 0:
        raise ValueError("hit bottom")
    return descend(n - 1) + 1


print("start")
try:
    descend(3)
except ValueError as e:
    print("caught once:", e)
print("again")
descend(5)
print("not reached")
