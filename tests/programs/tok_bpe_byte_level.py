def bytes_to_unicode() -> dict[int, str]:
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(bs, cs)}


def encode_bytes(text: str, table: dict[int, str]) -> str:
    return "".join(table[b] for b in text.encode("utf-8"))


def decode_bytes(s: str, table: dict[int, str]) -> str:
    inv = {c: b for b, c in table.items()}
    return bytes([inv[ch] for ch in s]).decode("utf-8")


def main() -> None:
    table = bytes_to_unicode()
    print(len(table), table[32], table[10], table[65], table[255])
    for t in ["Hello world", " leading space", "naïve café", "tab\tnew\nline"]:
        enc = encode_bytes(t, table)
        print(repr(enc), len(enc), decode_bytes(enc, table) == t)
    print(sorted(set(table.values()))[:5], max(ord(c) for c in table.values()))


main()
