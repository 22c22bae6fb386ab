import json

DATA = '{"model": {"name": "mini", "layers": [64, 128], "act": "gelu"}, "train": {"lr": 0.001, "epochs": 3, "shuffle": true}, "tags": [], "notes": null}'


def dump(obj: object, indent: int) -> list[str]:
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(obj, dict):
        for k in obj:
            v = obj[k]
            if isinstance(v, dict) and v:
                lines.append(f"{pad}{k}:")
                lines.extend(dump(v, indent + 1))
            elif isinstance(v, list) and v:
                lines.append(f"{pad}{k}:")
                for item in v:
                    lines.append(f"{pad}  - {scalar(item)}")
            else:
                lines.append(f"{pad}{k}: {scalar(v)}")
    return lines


def scalar(v: object) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[]"
    if isinstance(v, dict):
        return "{}"
    return str(v)


def main() -> None:
    cfg = json.loads(DATA)
    print("\n".join(dump(cfg, 0)))


main()
