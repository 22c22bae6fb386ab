def lcs_table(a: list[str], b: list[str]) -> list[list[int]]:
    t = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            if a[i] == b[j]:
                t[i][j] = t[i + 1][j + 1] + 1
            else:
                t[i][j] = max(t[i + 1][j], t[i][j + 1])
    return t


def diff(a: list[str], b: list[str]) -> list[str]:
    t = lcs_table(a, b)
    i = j = 0
    out: list[str] = []
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            out.append("  " + a[i])
            i += 1
            j += 1
        elif t[i + 1][j] >= t[i][j + 1]:
            out.append("- " + a[i])
            i += 1
        else:
            out.append("+ " + b[j])
            j += 1
    out.extend(["- " + x for x in a[i:]])
    out.extend(["+ " + x for x in b[j:]])
    return out


def main() -> None:
    old = "def f(x):\n    y = x + 1\n    return y\n\nprint(f(2))".splitlines()
    new = "def f(x: int) -> int:\n    y = x + 1\n    z = y * 2\n    return z\n\nprint(f(2))".splitlines()
    for line in diff(old, new):
        print(line)
    d = diff(["a", "b", "c"], ["a", "c", "d"])
    print(d, sum(1 for l in d if l[0] != " "))


main()
