# Fibonacci memoised in a global dict, compared to an iterative version.
memo: dict[int, int] = {}


def fib(n: int) -> int:
    if n < 2:
        return n
    if n in memo:
        return memo[n]
    r = fib(n - 1) + fib(n - 2)
    memo[n] = r
    return r


def fib_iter(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


for n in [0, 1, 2, 10, 30, 50, 90]:
    print(n, fib(n), fib_iter(n), fib(n) == fib_iter(n))
print(len(memo), memo.get(40, -1), memo.get(1000, -1))
