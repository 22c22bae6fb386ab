import json
import math


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def normalize(xs: list[float]) -> list[float]:
    s = sum(xs)
    return [x / s for x in xs]


def main() -> None:
    xs = [0.5, 1.25, 2.0, 0.25]
    ints = [3, 4, 5]
    print(mean(xs), sum(ints) / len(ints), 10 / sum(ints), 1.5 / sum(xs))
    print(normalize(xs))
    print(-sum(xs), -sum(ints), round(sum(xs)), round(sum(xs), 1), round(sum(ints), -1))
    print(round(sum(x / 3 for x in xs), 3), round(sum([], 0)), round(sum(ints), 2))
    print(math.sqrt(sum(x * x for x in xs)), math.exp(sum(ints) - 12), math.log(sum(xs)))
    empty: list[float] = []
    print(sum(empty), -sum(empty), round(sum(empty), 2), math.exp(sum(empty)))
    cfg = json.loads('{"a": 2, "b": 0.5, "s": "x", "t": true, "z": 0}')
    print(cfg["a"] / 4, 3 / cfg["b"], -cfg["a"], -cfg["t"], round(cfg["b"]), round(cfg["b"], 3))
    print(math.log(cfg["a"]), math.sqrt(cfg["a"]))
    for key in ["s", "z"]:
        try:
            print(1.0 / cfg[key])
        except (TypeError, ZeroDivisionError) as e:
            print("error:", e)
    try:
        print(-cfg["s"])
    except TypeError as e:
        print("error:", e)
    try:
        print(round(cfg["s"], 1))
    except TypeError as e:
        print("error:", e)
    try:
        print(math.log(cfg["s"]))
    except TypeError as e:
        print("error:", e)
    print(math.sqrt(sum(xs) - 10.0))


main()
