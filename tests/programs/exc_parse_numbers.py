def parse_all(items: list[str]) -> tuple[list[float], list[str]]:
    good: list[float] = []
    bad: list[str] = []
    for s in items:
        try:
            good.append(float(s))
        except ValueError as e:
            bad.append(str(e))
    return good, bad


def parse_int_strict(s: str) -> int:
    s = s.strip()
    if not s:
        raise ValueError("empty string")
    return int(s)


def main() -> None:
    good, bad = parse_all(["1.5", " 2 ", "1e3", "abc", "nan", "-inf", "", "3.14.15", "0x10"])
    print(good)
    for b in bad:
        print(" ", b)
    for s in ["42", " -7 ", "+3", "4.0", "", "1_000"]:
        try:
            print(repr(s), parse_int_strict(s))
        except ValueError as e:
            print(repr(s), "error:", e)
    print(int("  12  "), float(" 1.25 "), int("-0"))
    print(int("twelve"))


main()
