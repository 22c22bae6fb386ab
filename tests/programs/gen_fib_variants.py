def fib_gen(limit: int):
    a, b = 0, 1
    while a <= limit:
        yield a
        a, b = b, a + b


def evens(it):
    for x in it:
        if x % 2 == 0:
            yield x


def scan_sum(it):
    total = 0
    for x in it:
        total += x
        yield total


def main() -> None:
    print(list(fib_gen(100)))
    print(list(evens(fib_gen(1000))))
    print(list(scan_sum(evens(fib_gen(1000)))))
    big = list(fib_gen(10 ** 18))
    print(len(big), big[-1])
    g = fib_gen(3)
    print([x for x in g], [x for x in g])


main()
