def lookup(d: dict[str, int], path: list[str]) -> int:
    total = 0
    for p in path:
        total += d[p]
    return total


def main() -> None:
    d = {"a": 1, "b": 2}
    for path in [["a", "b"], ["a", "zz"], [""], ["b", "it's"]]:
        try:
            print(path, lookup(d, path))
        except KeyError as e:
            print(path, "KeyError", e, repr(e), str(e))
    t = {1: "x", (2, 3): "y"}
    try:
        print(t[(2, 4)])
    except KeyError as e:
        print("tuple key:", e)
    nums = {1.5: "a"}
    try:
        print(nums[2.5])
    except LookupError as e:
        print("lookup:", e)
    print(lookup(d, ["a", "missing key"]))


main()
