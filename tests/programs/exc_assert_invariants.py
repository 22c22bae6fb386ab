def check_probs(ps: list[float]) -> None:
    assert all(p >= 0 for p in ps), "negative probability"
    total = 0.0
    for p in ps:
        total += p
    assert abs(total - 1.0) < 1e-9, f"probabilities sum to {total}"


def safe_div(a: float, b: float) -> float:
    try:
        return a / b
    except ZeroDivisionError:
        return float("nan")
    finally:
        pass


def main() -> None:
    for ps in [[0.5, 0.5], [0.2, 0.3, 0.5], [0.9, 0.2], [-0.1, 1.1]]:
        try:
            check_probs(ps)
            print(ps, "ok")
        except AssertionError as e:
            print(ps, "bad:", e)
    print(safe_div(1.0, 4.0), safe_div(1.0, 0.0))
    n = float("nan")
    print(n == n, n != n, float("inf") > 1e308, -float("inf"))
    check_probs([0.25, 0.25, 0.25])


main()
