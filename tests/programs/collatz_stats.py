# Collatz sequence lengths with a dict cache, longest chain under a bound, and a histogram.
cache: dict[int, int] = {1: 1}


def collatz_len(n: int) -> int:
    path: list[int] = []
    while not (n in cache):
        path.append(n)
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
    length = cache[n]
    while len(path) > 0:
        length += 1
        cache[path.pop()] = length
    return length


best = 1
best_len = 1
hist: list[int] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
for i in range(1, 10000):
    L = collatz_len(i)
    if L > best_len:
        best = i
        best_len = L
    b = L // 25
    if b > 9:
        b = 9
    hist[b] += 1
print(best, best_len, collatz_len(27), collatz_len(97))
for k in range(10):
    print(f"{k * 25:>3}-{k * 25 + 24:<3} {hist[k]:>5}")
