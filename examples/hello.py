# hello.py — kiln's first example: plain, type-annotated Python.
#
# It runs unchanged under CPython (`python3 examples/hello.py`). Today
# `make demo` prints its syntax tree with `kiln ast`; later kiln compiles it to
# a native library whose functions a client calls, e.g. greet("kiln", 2).


def greet(name: str, times: int = 1) -> str:
    """A greeting, repeated `times` times."""
    return ", ".join([f"hello {name}"] * times)


def mean(xs: list[float]) -> float:
    """The arithmetic mean; 0.0 for an empty list."""
    if not xs:
        return 0.0
    total = 0.0
    for x in xs:
        total += x
    return total / len(xs)


if __name__ == "__main__":
    print(greet("kiln", 2))
    print(mean([1.0, 2.0, 4.5]))
