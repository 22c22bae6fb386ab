def build(text: str) -> tuple[dict[str, int], list[str]]:
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    return stoi, chars


def encode(s: str, stoi: dict[str, int]) -> list[int]:
    return [stoi[c] for c in s]


def decode(ids: list[int], itos: list[str]) -> str:
    return "".join(itos[i] for i in ids)


def batches(ids: list[int], block: int, stride: int) -> list[tuple[list[int], list[int]]]:
    out: list[tuple[list[int], list[int]]] = []
    for i in range(0, len(ids) - block, stride):
        out.append((ids[i : i + block], ids[i + 1 : i + block + 1]))
    return out


def main() -> None:
    text = "hello world, hello kiln!"
    stoi, itos = build(text)
    print(len(itos), repr("".join(itos)))
    ids = encode(text, stoi)
    print(ids[:12], decode(ids, itos) == text)
    for x, y in batches(ids, 6, 7):
        print(decode(x, itos), "->", decode(y, itos))
    try:
        encode("hello?", stoi)
    except KeyError as e:
        print("unknown char", e)


main()
