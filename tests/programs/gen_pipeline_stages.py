def read_lines(text: str):
    for line in text.splitlines():
        yield line


def strip_comments(lines):
    for line in lines:
        i = line.find("#")
        if i >= 0:
            line = line[:i]
        line = line.rstrip()
        if line:
            yield line


def parse_pairs(lines):
    for line in lines:
        key, _, value = line.partition("=")
        yield key.strip(), value.strip()


def take(n: int, it):
    i = 0
    for x in it:
        if i >= n:
            return
        yield x
        i += 1


TEXT = """
# model settings
name = encoder   # inline
dim=256

layers = 4
activation = gelu
# done
"""


def main() -> None:
    pairs = list(parse_pairs(strip_comments(read_lines(TEXT))))
    print(pairs)
    cfg = dict(pairs)
    print(cfg["name"], int(cfg["dim"]) * int(cfg["layers"]))
    print(list(take(2, strip_comments(read_lines(TEXT)))))
    count = 0
    for _ in read_lines(TEXT):
        count += 1
    print("lines:", count)


main()
