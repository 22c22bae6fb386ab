import json

DOC = '{"name": "cfg", "model": {"layers": [{"type": "attn", "heads": 4}, {"type": "mlp", "hidden": 1024}], "dropout": 0.1}, "tags": ["a", "b"], "debug": false, "extra": null}'


def walk(obj: object, path: str):
    if isinstance(obj, dict):
        for k in obj:
            yield from walk(obj[k], path + "." + str(k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from walk(v, f"{path}[{i}]")
    else:
        yield path, obj


def main() -> None:
    doc = json.loads(DOC)
    leaves = list(walk(doc, "$"))
    for p, v in leaves:
        print(f"{p:<28} {v!r}")
    print(len(leaves))
    nums = [v for p, v in leaves if isinstance(v, int) and not isinstance(v, bool)]
    print(nums, sum(nums))


main()
