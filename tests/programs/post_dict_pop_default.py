def drain(counts: dict[str, int], keys: list[str]) -> list[str]:
    out: list[str] = []
    for k in keys:
        v = counts.pop(k, None)
        if v is None:
            out.append(f"{k}:-")
        else:
            out.append(f"{k}:{v + 1}")
    return out


def main() -> None:
    counts = {"a": 1, "b": 2, "c": 3}
    print(drain(counts, ["a", "z", "c", "a"]), counts)
    scores = {1: 0.5, 2: 0.25}
    print(scores.pop(2, None), scores.pop(2, None), scores)
    names = {"x": "ex", "y": "why"}
    got = names.pop("x", None)
    print(got, got is None, names.pop("q", None), names)
    nested: dict[str, list[int]] = {"k": [1, 2]}
    lst = nested.pop("k", None)
    print(lst, nested.pop("k", None), nested)
    print(counts.pop("b", 0), counts.pop("b", 0), counts)
    counts.pop("missing")


main()
