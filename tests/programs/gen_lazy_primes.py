def primes():
    found: list[int] = []
    n = 2
    while True:
        is_p = True
        for p in found:
            if p * p > n:
                break
            if n % p == 0:
                is_p = False
                break
        if is_p:
            found.append(n)
            yield n
        n += 1


def take_while_below(limit: int):
    for p in primes():
        if p >= limit:
            return
        yield p


def twin_primes(limit: int):
    prev = -10
    for p in take_while_below(limit):
        if p - prev == 2:
            yield prev, p
        prev = p


def main() -> None:
    g = primes()
    print([next(g) for _ in range(15)])
    print(sum(take_while_below(1000)), len(list(take_while_below(100))))
    print(list(twin_primes(120)))


main()
