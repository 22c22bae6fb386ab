def window_max(xs: list[int], k: int):
    dq: list[int] = []
    for i, x in enumerate(xs):
        while dq and xs[dq[-1]] <= x:
            dq.pop()
        dq.append(i)
        if dq[0] <= i - k:
            dq.pop(0)
        if i >= k - 1:
            yield xs[dq[0]]


def chunks(xs: list[int], n: int):
    for i in range(0, len(xs), n):
        yield xs[i : i + n]


def main() -> None:
    xs = [1, 3, -1, -3, 5, 3, 6, 7, 2, 2, 9, 0]
    print(list(window_max(xs, 3)))
    print(list(window_max(xs, 1)) == xs, list(window_max(xs, 20)))
    print([max(c) for c in chunks(xs, 5)], list(chunks([], 3)))


main()
