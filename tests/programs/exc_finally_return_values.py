def f(mode: int) -> str:
    trace = []
    try:
        trace.append("try")
        if mode == 1:
            raise ValueError("one")
        if mode == 2:
            return "early:" + ",".join(trace)
        trace.append("end-try")
    except ValueError as e:
        trace.append(f"except {e}")
    else:
        trace.append("else")
    finally:
        trace.append("finally")
    return ",".join(trace)


def loop_with_finally(n: int) -> list[str]:
    out: list[str] = []
    for i in range(n):
        try:
            if i % 3 == 0:
                continue
            if i == 4:
                break
            out.append(f"body{i}")
        finally:
            out.append(f"fin{i}")
    return out


def main() -> None:
    for m in [0, 1, 2]:
        print(m, f(m))
    print(loop_with_finally(7))
    try:
        try:
            raise KeyError("inner")
        finally:
            print("cleanup runs")
    except KeyError as e:
        print("caught", e)
    try:
        raise TypeError("outer")
    finally:
        print("last words")


main()
