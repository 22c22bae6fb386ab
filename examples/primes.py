# primes.py — a program kiln compiles today: typed functions, loops,
# integer arithmetic, f-strings. `make demo` builds it into a native
# executable with `kiln build` and runs it next to CPython.


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


def count_primes(limit: int) -> int:
    count = 0
    for n in range(limit):
        if is_prime(n):
            count += 1
    return count


def collatz_steps(n: int) -> int:
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


if __name__ == "__main__":
    limit = 200000
    print(f"primes below {limit}: {count_primes(limit)}")
    best = 0
    best_n = 1
    for n in range(1, 300000):
        s = collatz_steps(n)
        if s > best:
            best = s
            best_n = n
    print(f"longest Collatz chain below 300000: {best_n} ({best} steps)")
    print(f"mean steps: {best / 2:.2f}")
