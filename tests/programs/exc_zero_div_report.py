def ratio(a: int, b: int) -> float:
    return a / b


def safe_ratios(pairs: list[tuple[int, int]]) -> list[str]:
    out: list[str] = []
    for a, b in pairs:
        try:
            out.append(f"{ratio(a, b):.3f}")
        except ZeroDivisionError as e:
            out.append(f"n/a ({e})")
    return out


def main() -> None:
    print(safe_ratios([(1, 2), (3, 0), (-7, 3), (0, 0)]))
    try:
        print(10 % 0)
    except ZeroDivisionError as e:
        print("mod:", e)
    try:
        print(10.0 // 0.0)
    except ZeroDivisionError as e:
        print("floordiv:", e)
    try:
        print(divmod(1, 0))
    except ZeroDivisionError as e:
        print("divmod:", e)
    print(ratio(1, 0))


main()
