def merge2(a: list[int], b: list[int]):
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            yield a[i]
            i += 1
        else:
            yield b[j]
            j += 1
    yield from a[i:]
    yield from b[j:]


def unique_sorted(xs: list[int]):
    first = True
    prev = 0
    for x in xs:
        if first or x != prev:
            yield x
        first = False
        prev = x


def main() -> None:
    a = [1, 4, 4, 9, 12]
    b = [2, 3, 4, 10, 15, 20]
    m = list(merge2(a, b))
    print(m)
    print(list(unique_sorted(m)))
    print(list(merge2([], [1])), list(merge2([5], [])), list(unique_sorted([])))


main()
