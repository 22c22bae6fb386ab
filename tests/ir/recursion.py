# Recursion settles: the return type grows by joins to a fixed point.
# expect: func fib(int) -> int
# expect: call fib
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print(fib(20))
