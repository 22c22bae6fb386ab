# Sieve of Eratosthenes with a list of bools, prime counting and factorization.
def sieve(n: int) -> list[int]:
    is_p: list[bool] = []
    for i in range(n + 1):
        is_p.append(True)
    is_p[0] = False
    is_p[1] = False
    i = 2
    while i * i <= n:
        if is_p[i]:
            for j in range(i * i, n + 1, i):
                is_p[j] = False
        i += 1
    primes: list[int] = []
    for k in range(n + 1):
        if is_p[k]:
            primes.append(k)
    return primes


def factorize(n: int) -> list[int]:
    fs: list[int] = []
    d = 2
    while d * d <= n:
        while n % d == 0:
            fs.append(d)
            n //= d
        d += 1
    if n > 1:
        fs.append(n)
    return fs


ps = sieve(100)
print(ps)
print(len(ps), sum(ps), max(ps), min(ps))
print(len(sieve(10000)))
for n in [1, 2, 12, 97, 360, 1001, 65536, 999983, 600851475143]:
    print(n, factorize(n))
