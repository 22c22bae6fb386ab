class DecodeError(Exception):
    pass


def decode_record(line: str) -> tuple[str, int]:
    parts = line.split(":")
    if len(parts) != 2:
        raise DecodeError(f"expected 'name:value', got {line!r}")
    name, raw = parts
    try:
        return name.strip(), int(raw)
    except ValueError as e:
        raise DecodeError(f"bad value for {name.strip()}") from e


def load(lines: list[str], strict: bool) -> dict[str, int]:
    out: dict[str, int] = {}
    for i, line in enumerate(lines):
        try:
            k, v = decode_record(line)
        except DecodeError as e:
            if strict:
                raise
            print(f"  skip line {i}: {e}")
            continue
        out[k] = v
    return out


def main() -> None:
    lines = ["a: 1", "b:2", "oops", "c: three", "d:4:5", " e : 5 "]
    print(load(lines, False))
    try:
        load(lines, True)
    except DecodeError as e:
        print("strict failed:", e)
    load(["x: 1", "y: z"], True)


main()
