"""Exceptions raised, caught, re-raised and cleaned up under allocation failure."""


class AppError(Exception):
    def __init__(self, code: int, what: str) -> None:
        super().__init__(f"{what} ({code})")
        self.code = code


def risky(i: int) -> int:
    if i % 3 == 0:
        raise AppError(i, "multiple of three")
    if i % 5 == 0:
        raise ValueError("multiple of five: " + str(i))
    return i * 2


def main() -> None:
    total = 0
    log: list[str] = []
    for i in range(1, 16):
        try:
            total += risky(i)
        except AppError as e:
            log.append(f"app {e.code}: {e}")
        except ValueError as e:
            log.append("value " + str(e))
        finally:
            total += 1
    print(total)
    print("\n".join(log))
    try:
        {"a": 1}["b"]
    except KeyError as e:
        print("KeyError", repr(e))
    try:
        try:
            int("x1")
        except ValueError:
            raise RuntimeError("wrapped")
    except RuntimeError as e:
        print(type(e).__name__, e)


main()
