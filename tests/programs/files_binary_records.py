PATH = "/tmp/kiln_corpus_files_binary_records.bin"


def pack_u16(v: int) -> bytes:
    return bytes([v & 0xFF, (v >> 8) & 0xFF])


def unpack_u16(b: bytes, off: int) -> int:
    return b[off] | (b[off + 1] << 8)


def write_records(path: str, recs: list[tuple[int, str]]) -> int:
    total = 0
    with open(path, "wb") as f:
        for rid, name in recs:
            data = name.encode("utf-8")
            chunk = pack_u16(rid) + pack_u16(len(data)) + data
            f.write(chunk)
            total += len(chunk)
    return total


def read_records(path: str) -> list[tuple[int, str]]:
    with open(path, "rb") as f:
        raw = f.read()
    out: list[tuple[int, str]] = []
    off = 0
    while off < len(raw):
        rid = unpack_u16(raw, off)
        n = unpack_u16(raw, off + 2)
        out.append((rid, raw[off + 4 : off + 4 + n].decode("utf-8")))
        off += 4 + n
    return out


def main() -> None:
    recs = [(1, "alpha"), (300, "βeta"), (65535, ""), (42, "日本")]
    n = write_records(PATH, recs)
    print("bytes written", n)
    back = read_records(PATH)
    print(back, back == recs)
    with open(PATH, "rb") as f:
        head = f.read(6)
    print(head, head.hex(), list(head))


main()
