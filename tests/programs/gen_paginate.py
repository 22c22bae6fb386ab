def fetch_page(cursor: int, size: int, total: int) -> tuple[list[int], int]:
    items = list(range(cursor, min(cursor + size, total)))
    nxt = cursor + size if cursor + size < total else -1
    return items, nxt


def paginate(size: int, total: int):
    cursor = 0
    pages = 0
    while cursor != -1:
        items, cursor = fetch_page(cursor, size, total)
        pages += 1
        print(f"  fetched page {pages} ({len(items)} items)")
        yield from items


def first_n(n: int, it):
    out = []
    for x in it:
        out.append(x)
        if len(out) == n:
            break
    return out


def main() -> None:
    print(sum(paginate(4, 10)))
    print(first_n(5, paginate(3, 100)))
    print(list(paginate(5, 0)))


main()
