DEFAULTS = {"batch_size": "8", "device": "cpu", "fp16": "false", "lr": "0.001", "name": "run"}


def parse_bool(s: str) -> bool:
    v = s.strip().lower()
    if v in ("1", "true", "yes", "on"):
        return True
    if v in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"not a boolean: {s!r}")


def parse_args(argv: list[str]) -> dict[str, str]:
    out = dict(DEFAULTS)
    for a in argv:
        if not a.startswith("--"):
            continue
        body = a[2:]
        if "=" in body:
            k, v = body.split("=", 1)
        else:
            k, v = body, "true"
        out[k.replace("-", "_")] = v
    return out


def main() -> None:
    argv = ["--batch-size=32", "--fp16", "ignored", "--lr=3e-4", "--name=exp 1"]
    opts = parse_args(argv)
    for k in sorted(opts):
        print(f"{k:>12} = {opts[k]}")
    bs = int(opts["batch_size"])
    lr = float(opts["lr"])
    fp16 = parse_bool(opts["fp16"])
    print(bs * 2, lr * 10, fp16, isinstance(bs, int))
    for s in ["Yes", " off ", "maybe"]:
        try:
            print(s.strip(), parse_bool(s))
        except ValueError as e:
            print("bad:", e)
    parse_bool(opts["name"])


main()
