from functools import lru_cache, cache
import functools

calls = [0]


@lru_cache(maxsize=None)
def fib(n: int) -> int:
    calls[0] += 1
    return n if n < 2 else fib(n - 1) + fib(n - 2)


@cache
def bpe_rank(a: str, b: str) -> int:
    calls[0] += 1
    return len(a) * 10 + len(b)


@functools.lru_cache(maxsize=2)
def square(x: int) -> int:
    print("computing", x)
    return x * x


@lru_cache()
def bytes_to_unicode() -> dict[int, str]:
    bs = list(range(ord("!"), ord("~") + 1))
    return {b: chr(b) for b in bs}


print(fib(80), calls[0])
print(bpe_rank("ab", "c"), bpe_rank("ab", "c"), calls[0])
for v in [1, 2, 1, 3, 2, 1]:
    print(square(v))
print(len(bytes_to_unicode()), bytes_to_unicode()[65])
