def batched(items: list[str], size: int):
    batch: list[str] = []
    for it in items:
        batch.append(it)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def windows(xs: list[int], n: int):
    for i in range(len(xs) - n + 1):
        yield xs[i : i + n]


def numbered(lines: list[str]):
    n = 0
    for line in lines:
        if line.strip():
            n += 1
            yield f"{n:03d}: {line.strip()}"


def flatten(batches: list[list[int]]):
    for b in batches:
        yield from b


def main() -> None:
    docs = [f"doc{i}" for i in range(7)]
    for i, b in enumerate(batched(docs, 3)):
        print(i, b)
    print([sum(w) for w in windows([1, 2, 3, 4, 5, 6], 3)])
    for line in numbered(["alpha", "", "  beta ", "gamma", "   "]):
        print(line)
    print(list(flatten([[1, 2], [], [3], [4, 5, 6]])))
    g = batched(["x", "y"], 5)
    print(next(g))
    print(next(g, None))


main()
