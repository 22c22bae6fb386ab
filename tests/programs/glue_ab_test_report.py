import math

EVENTS = [("A", 1), ("B", 0), ("A", 0), ("B", 1), ("A", 1), ("B", 1), ("A", 0), ("B", 1), ("A", 1), ("B", 1),
          ("A", 0), ("B", 0), ("A", 1), ("B", 1), ("A", 0), ("B", 1)]


def rates(events: list[tuple[str, int]]) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for arm, conv in events:
        n, c = out.get(arm, (0, 0))
        out[arm] = (n + 1, c + conv)
    return out


def z_test(n1: int, c1: int, n2: int, c2: int) -> float:
    p1 = c1 / n1
    p2 = c2 / n2
    p = (c1 + c2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return (p2 - p1) / se if se > 0 else 0.0


def main() -> None:
    r = rates(EVENTS)
    for arm in sorted(r):
        n, c = r[arm]
        print(f"{arm}: {c}/{n} = {c / n:.3f}")
    (na, ca), (nb, cb) = r["A"], r["B"]
    z = z_test(na, ca, nb, cb)
    print(f"z={z:.4f}", "significant" if abs(z) > 1.96 else "not significant")
    lift = (cb / nb) / (ca / na) - 1
    print(f"lift {lift:+.1%}")


main()
