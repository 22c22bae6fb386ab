class TransientError(Exception):
    pass


class FatalError(Exception):
    pass


CALLS = [0]


def flaky(n: int) -> str:
    CALLS[0] += 1
    if CALLS[0] % 3 != 0:
        raise TransientError(f"attempt {CALLS[0]} failed")
    if n < 0:
        raise FatalError("negative input")
    return f"result-{n}"


def with_retry(n: int, attempts: int) -> str:
    last = ""
    for i in range(attempts):
        try:
            return flaky(n)
        except TransientError as e:
            last = str(e)
            print("  retry after:", last)
        finally:
            print("  attempt", i + 1, "done")
    raise FatalError(f"gave up after {attempts} attempts ({last})")


def main() -> None:
    print(with_retry(1, 5))
    try:
        print(with_retry(2, 2))
    except FatalError as e:
        print("fatal:", e)
    try:
        print(with_retry(-1, 5))
    except FatalError as e:
        print("fatal:", e)
    print("calls", CALLS[0])
    with_retry(3, 1)


main()
