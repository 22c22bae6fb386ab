# Recursion and specialisation per argument types.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def twice(x):
    return x + x


print(fib(25))
print(twice(21), twice(1.25), twice("ab"))
