def pad_batch(seqs: list[list[int]], pad_id: int, max_len: int) -> tuple[list[list[int]], list[list[int]]]:
    longest = min(max(len(s) for s in seqs), max_len)
    ids: list[list[int]] = []
    masks: list[list[int]] = []
    for s in seqs:
        s = s[:longest]
        n = longest - len(s)
        ids.append(s + [pad_id] * n)
        masks.append([1] * len(s) + [0] * n)
    return ids, masks


def left_pad(seqs: list[list[int]], pad_id: int) -> list[list[int]]:
    longest = max(len(s) for s in seqs)
    return [[pad_id] * (longest - len(s)) + s for s in seqs]


def sort_by_length(seqs: list[list[int]]) -> tuple[list[list[int]], list[int]]:
    order = sorted(range(len(seqs)), key=lambda i: len(seqs[i]), reverse=True)
    return [seqs[i] for i in order], order


def unsort(items: list[str], order: list[int]) -> list[str]:
    out = [""] * len(items)
    for pos, i in enumerate(order):
        out[i] = items[pos]
    return out


def main() -> None:
    seqs = [[101, 7, 8, 102], [101, 5, 102], [101, 1, 2, 3, 4, 5, 6, 102], [101, 102]]
    ids, masks = pad_batch(seqs, 0, 6)
    for row, m in zip(ids, masks):
        print(row, m, sum(m))
    for row in left_pad(seqs, -1):
        print(row)
    s, order = sort_by_length(seqs)
    print([len(x) for x in s], order)
    outs = [f"len{len(x)}" for x in s]
    print(unsort(outs, order))


main()
