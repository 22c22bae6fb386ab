def counter(prefix: str, n: int):
    for i in range(n):
        yield f"{prefix}{i}"


def roundrobin(a: list[str], b: list[str], c: list[str]):
    i = 0
    longest = max(len(a), len(b), len(c))
    while i < longest:
        for seq in (a, b, c):
            if i < len(seq):
                yield seq[i]
        i += 1


def dedup_stream(items: list[str]):
    seen: set[str] = set()
    for x in items:
        if x not in seen:
            seen.add(x)
            yield x


def enumerate_from(items: list[str], start: int):
    n = start
    for x in items:
        yield n, x
        n += 1


def main() -> None:
    print(list(counter("t", 4)))
    a = list(counter("a", 3))
    b = list(counter("b", 1))
    c = list(counter("c", 4))
    rr = list(roundrobin(a, b, c))
    print(rr)
    print(list(dedup_stream(["x", "y", "x", "z", "y", "w"])))
    for i, x in enumerate_from(rr[:3], 10):
        print(i, x)
    print(dict(enumerate_from(["p", "q"], 1)))


main()
