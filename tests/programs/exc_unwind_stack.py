DEPTH_LOG: list[int] = []


def descend(n: int) -> int:
    DEPTH_LOG.append(n)
    try:
        if n == 0:
            raise RuntimeError("bottom reached")
        return descend(n - 1) + 1
    finally:
        DEPTH_LOG.append(-n)


def main() -> None:
    try:
        descend(4)
    except RuntimeError as e:
        print("caught:", e)
    print(DEPTH_LOG)
    DEPTH_LOG.clear()
    descend(2)


main()
