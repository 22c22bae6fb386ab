# LZW compression and decompression with a growing dict-based code table,
# code widths, the KwKwK special case, and a round-trip check per sample.
def compress(text: str) -> list[int]:
    table: dict[str, int] = {chr(i): i for i in range(256)}
    w = ""
    out: list[int] = []
    for c in text:
        wc = w + c
        if wc in table:
            w = wc
        else:
            out.append(table[w])
            table[wc] = len(table)
            w = c
    if w:
        out.append(table[w])
    return out


def decompress(codes: list[int]) -> str:
    if not codes:
        return ""
    table: dict[int, str] = {i: chr(i) for i in range(256)}
    w = table[codes[0]]
    out = [w]
    special = 0
    for k in codes[1:]:
        if k in table:
            entry = table[k]
        elif k == len(table):
            entry = w + w[0]
            special += 1
        else:
            raise ValueError(f"bad code {k} (table has {len(table)})")
        out.append(entry)
        table[len(table)] = w + entry[0]
        w = entry
    if special:
        print(f"  (decoder hit the KwKwK case {special} time(s))")
    return "".join(out)


def bits_needed(n: int) -> int:
    b = 1
    while (1 << b) <= n:
        b += 1
    return b


samples = [
    "TOBEORNOTTOBEORTOBEORNOT",
    "abababababababab",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "",
    "x",
    "she sells sea shells by the sea shore",
]
for s in samples:
    codes = compress(s)
    back = decompress(codes)
    width = bits_needed(max(codes)) if codes else 0
    shown = [c if c < 256 else f"#{c}" for c in codes]
    print(f"{s!r}")
    print(f"  codes ({len(codes)}): {[str(c) for c in shown][:14]}")
    print(f"  {len(s) * 8} bits -> {len(codes) * width} bits at width {width}; round trip {back == s}")
    new_entries = [c for c in codes if c >= 256]
    print(f"  dictionary codes used: {len(new_entries)}, highest {max(codes) if codes else None}")
for n in [0, 1, 255, 256, 511, 512, 4095]:
    print(n, bits_needed(n), end="; ")
print()
try:
    decompress([65, 300])
except ValueError as e:
    print("error:", e)
repeat = "abc" * 20
c = compress(repeat)
print(len(repeat), "->", len(c), "codes:", c)
