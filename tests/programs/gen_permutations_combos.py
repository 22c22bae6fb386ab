def permutations(xs: list[int]):
    if len(xs) <= 1:
        yield xs[:]
        return
    for i in range(len(xs)):
        rest = xs[:i] + xs[i + 1 :]
        for p in permutations(rest):
            yield [xs[i]] + p


def combinations(xs: list[str], k: int):
    if k == 0:
        yield []
        return
    for i in range(len(xs) - k + 1):
        for c in combinations(xs[i + 1 :], k - 1):
            yield [xs[i]] + c


def powerset(xs: list[str]):
    for k in range(len(xs) + 1):
        yield from combinations(xs, k)


def main() -> None:
    perms = list(permutations([1, 2, 3]))
    print(len(perms), perms)
    print(list(combinations(["a", "b", "c", "d"], 2)))
    print(["".join(s) for s in powerset(["x", "y", "z"])])
    n = 0
    for p in permutations([1, 2, 3, 4, 5]):
        if p[0] < p[-1]:
            n += 1
    print(n)


main()
