LOG: list[str] = []


class Resource:
    def __init__(self, name: str) -> None:
        self.name = name
        LOG.append(f"open {name}")

    def close(self) -> None:
        LOG.append(f"close {self.name}")


def work(fail_at: int) -> int:
    a = Resource("a")
    try:
        b = Resource("b")
        try:
            if fail_at == 1:
                raise ValueError("inner failure")
            LOG.append("middle")
            if fail_at == 2:
                raise KeyError("k")
            return 42
        finally:
            b.close()
    except ValueError as e:
        LOG.append(f"handled {e}")
        return -1
    finally:
        a.close()


def main() -> None:
    for f in [0, 1, 2]:
        LOG.clear()
        try:
            print(f, work(f))
        except KeyError as e:
            print(f, "escaped", repr(e))
        print("  ", LOG)
    for i in range(3):
        try:
            if i == 1:
                continue
            print("body", i)
        finally:
            print("finally", i)
    work(2)


main()
