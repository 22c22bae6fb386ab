class Timeout(Exception):
    pass


def attempt(i: int) -> int:
    if i % 4 == 1:
        raise Timeout(f"t{i}")
    if i % 4 == 2:
        raise ValueError(f"v{i}")
    if i % 4 == 3:
        return 1 // (i - i)
    return i * 10


def main() -> None:
    results: list[str] = []
    for i in range(8):
        try:
            r = attempt(i)
        except (Timeout, ValueError) as e:
            results.append(f"retryable:{e}")
        except ArithmeticError as e:
            results.append(f"math:{e}")
        else:
            results.append(f"ok:{r}")
    print(results)
    try:
        attempt(5)
    except Exception as e:
        print("caught generic", e)
    try:
        try:
            attempt(3)
        except ValueError:
            print("not here")
    except ZeroDivisionError as e:
        print("outer caught", e)
    attempt(9)


main()
