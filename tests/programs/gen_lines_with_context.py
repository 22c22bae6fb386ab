TEXT = """alpha
beta ERROR one
gamma
delta
epsilon ERROR two
zeta
eta
theta
iota ERROR three"""


def grep_context(lines: list[str], needle: str, before: int, after: int):
    for i, line in enumerate(lines):
        if needle in line:
            lo = max(0, i - before)
            hi = min(len(lines), i + after + 1)
            yield i, lines[lo:hi]


def main() -> None:
    lines = TEXT.splitlines()
    for i, ctx in grep_context(lines, "ERROR", 1, 1):
        print(f"match at {i}:")
        for c in ctx:
            print("   ", ">" if "ERROR" in c else " ", c)
    print(sum(1 for _ in grep_context(lines, "a", 0, 0)))


main()
