# Error path: a layered loader (parse -> validate -> load) where each layer
# translates the lower layer's exception with "raise ... from ..." or
# "from None"; the handlers print what they see, and the last load escapes
# with the chained traceback ending in the user exception.
class LoaderError(Exception):
    pass


class ParseError(LoaderError):
    pass


class ValidationError(LoaderError):
    pass


def parse_line(line: str) -> tuple[str, int]:
    if "=" not in line:
        raise ParseError(f"no '=' in {line!r}")
    parts = line.split("=", 1)
    key = parts[0]
    raw = parts[1]
    try:
        return key.strip(), int(raw)
    except ValueError as e:
        raise ParseError(f"bad number for {key.strip()!r}") from e


def validate(entries: dict[str, int]) -> None:
    try:
        if entries["max"] < entries["min"]:
            raise ValidationError(f"max {entries['max']} < min {entries['min']}")
    except KeyError as e:
        raise ValidationError(f"missing setting {e}") from None


def load(text: str) -> dict[str, int]:
    entries: dict[str, int] = {}
    for n, line in enumerate(text.split(";")):
        try:
            k, v = parse_line(line)
        except ParseError as e:
            raise LoaderError(f"line {n + 1}: {e}") from e
        entries[k] = v
    validate(entries)
    return entries


inputs = ["min=1; max=10; step=2", "min=5; max=3", "min=1; step=2", "min=1; max=ten",
          "min=2; max 9", " min = 0 ; max = 100 "]
for text in inputs:
    try:
        print(f"{text!r:<26} -> {load(text)}")
    except ValidationError as e:
        print(f"{text!r:<26} -> invalid: {e}")
    except LoaderError as e:
        print(f"{text!r:<26} -> load failed: {e}")
try:
    parse_line("x=1.5")
except LoaderError as e:
    print("ParseError is a LoaderError:", e)
try:
    try:
        raise KeyError("inner")
    except KeyError as e:
        raise RuntimeError("outer") from e
except RuntimeError as e:
    print("chained:", e)
print(load("min=3;max=4"))
load("min=1;max=x1")
