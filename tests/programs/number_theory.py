# Number theory without big numbers: sieve, factorisation, Euler's totient,
# divisor sums and perfect numbers, extended gcd, modular inverse and
# exponentiation, the Chinese remainder theorem, and Miller-Rabin checks.
def sieve(n: int) -> list[int]:
    is_p = [True] * (n + 1)
    is_p[0] = is_p[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_p[i]:
            for j in range(i * i, n + 1, i):
                is_p[j] = False
    return [i for i in range(n + 1) if is_p[i]]


def factor(n: int) -> dict[int, int]:
    out: dict[int, int] = {}
    d = 2
    while d * d <= n:
        while n % d == 0:
            out[d] = out.get(d, 0) + 1
            n //= d
        d += 1 if d == 2 else 2
    if n > 1:
        out[n] = out.get(n, 0) + 1
    return out


def totient(n: int) -> int:
    result = n
    for p in factor(n):
        result = result // p * (p - 1)
    return result


def divisor_sum(n: int) -> int:
    total = 1
    for p, e in factor(n).items():
        term = 1
        pk = 1
        for _ in range(e):
            pk *= p
            term += pk
        total *= term
    return total


def egcd(a: int, b: int) -> tuple[int, int, int]:
    if b == 0:
        return a, 1, 0
    g, x, y = egcd(b, a % b)
    return g, y, x - (a // b) * y


def modinv(a: int, m: int) -> int:
    g, x, y = egcd(a, m)
    if g != 1:
        raise ValueError(f"{a} has no inverse mod {m}")
    return x % m


def crt(residues: list[int], moduli: list[int]) -> int:
    x = 0
    prod = 1
    for m in moduli:
        prod *= m
    for r, m in zip(residues, moduli):
        part = prod // m
        x += r * part * modinv(part, m)
    return x % prod


def probably_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in [2, 3, 5, 7, 11, 13]:
        if n % p == 0:
            return n == p
    d = n - 1
    s = 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in [2, 3, 5, 7, 11]:
        x = pow(a, d, n)
        if x == 1 or x == n - 1:
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


primes = sieve(100)
print("primes <= 100:", len(primes), primes[:10], "...", primes[-3:])
gaps = [b - a for a, b in zip(primes, primes[1:])]
print("largest gap:", max(gaps), "twin pairs:", sum(1 for g in gaps if g == 2))
for n in [360, 97, 1001, 65536, 999983 * 2, 600851475143 // 6857]:
    f = factor(n)
    text = " * ".join(f"{p}^{e}" if e > 1 else str(p) for p, e in sorted(f.items()))
    print(f"{n} = {text}; phi={totient(n)} sigma={divisor_sum(n)}")
print("perfect:", [n for n in range(2, 10000) if divisor_sum(n) - n == n])
print("egcd(240, 46) =", egcd(240, 46), " inverse of 17 mod 3120 =", modinv(17, 3120))
print("crt:", crt([2, 3, 2], [3, 5, 7]), crt([1, 4, 6], [3, 5, 7]))
print("pow:", pow(2, 62, 1000000007), pow(3, 200, 13), pow(7, 0, 5))
big_candidates = [1000003, 1000001, 2147483647, 2147483629, 3000000019, 1000000007, 561, 1105, 7919 * 7927]
print([(n, probably_prime(n)) for n in big_candidates])
print("sieve agrees:", all(probably_prime(n) == (n in set(primes)) for n in range(101)))
try:
    modinv(6, 9)
except ValueError as e:
    print("error:", e)
