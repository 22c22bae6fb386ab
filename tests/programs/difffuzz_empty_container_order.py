# Found by tests/difffuzz (seed 19): an empty container's element type was
# decided (NoReturn, "always empty") before an op that fills it was typed, when
# that op's argument depended on another empty container (min(set(), default=1)).
def main() -> None:
    v2 = ((min(set(), default=1) * 7)) % 1000003
    v4 = [(v * v2 + 1) % 1000003 for v in [-1]]
    v14 = {v % 6 for v in v4}
    print(v2, v4, v14)
    a = []
    b = set()
    a.append(max(b, default=2) + 1)
    print(a, b, sum(a))
    d = {}
    d["k"] = [len(x) for x in sorted(set())]
    print(d)


main()
