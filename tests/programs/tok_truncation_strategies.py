def truncate_pair(a: list[int], b: list[int], max_len: int, strategy: str) -> tuple[list[int], list[int]]:
    a = a[:]
    b = b[:]
    if strategy == "longest_first":
        while len(a) + len(b) > max_len:
            if len(a) >= len(b):
                a.pop()
            else:
                b.pop()
    elif strategy == "only_first":
        over = len(a) + len(b) - max_len
        if over > len(a):
            raise ValueError("cannot truncate first sequence enough")
        if over > 0:
            a = a[: len(a) - over]
    elif strategy == "only_second":
        over = len(a) + len(b) - max_len
        if over > len(b):
            raise ValueError("cannot truncate second sequence enough")
        if over > 0:
            b = b[: len(b) - over]
    else:
        raise ValueError(f"unknown strategy {strategy!r}")
    return a, b


def main() -> None:
    a = list(range(1, 9))
    b = list(range(100, 104))
    for s in ["longest_first", "only_first", "only_second", "middle"]:
        for m in [12, 9, 5]:
            try:
                x, y = truncate_pair(a, b, m, s)
                print(s, m, x, y)
            except ValueError as e:
                print(s, m, "error:", e)


main()
