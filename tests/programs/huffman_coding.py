# Huffman coding with dicts and a list-based priority queue: frequency table,
# tree as parallel lists, code assignment, encoding to a bit string, decoding
# back, and the compression ratio against 8-bit characters.
def build_codes(text: str) -> dict[str, str]:
    freq: dict[str, int] = {}
    for ch in text:
        freq[ch] = freq.get(ch, 0) + 1
    left: list[int] = []
    right: list[int] = []
    symbol: list[str] = []
    queue: list[tuple[int, int]] = []
    for ch in sorted(freq):
        symbol.append(ch)
        left.append(-1)
        right.append(-1)
        queue.append((freq[ch], len(symbol) - 1))
    if len(queue) == 1:
        return {symbol[0]: "0"}
    while len(queue) > 1:
        queue.sort()
        w1, a = queue.pop(0)
        w2, b = queue.pop(0)
        symbol.append("")
        left.append(a)
        right.append(b)
        queue.append((w1 + w2, len(symbol) - 1))
    codes: dict[str, str] = {}
    stack = [(queue[0][1], "")]
    while stack:
        node, prefix = stack.pop()
        if left[node] < 0:
            codes[symbol[node]] = prefix
        else:
            stack.append((left[node], prefix + "0"))
            stack.append((right[node], prefix + "1"))
    return codes


def encode(text: str, codes: dict[str, str]) -> str:
    return "".join(codes[ch] for ch in text)


def decode(bits: str, codes: dict[str, str]) -> str:
    back = {code: ch for ch, code in codes.items()}
    out: list[str] = []
    cur = ""
    for b in bits:
        cur += b
        if cur in back:
            out.append(back[cur])
            cur = ""
    if cur:
        raise ValueError("trailing bits: " + cur)
    return "".join(out)


samples = ["abracadabra", "mississippi river", "aaaaaaa", "the quick brown fox jumps over the lazy dog"]
for text in samples:
    codes = build_codes(text)
    bits = encode(text, codes)
    print(repr(text))
    for ch in sorted(codes):
        print(f"  {ch!r}: {codes[ch]:<8} x{text.count(ch)}")
    print(f"  bits: {bits[:48]}{'...' if len(bits) > 48 else ''}")
    print(f"  {len(bits)} bits vs {8 * len(text)}: ratio {len(bits) / (8 * len(text)):.3f}")
    prefix_free = all(not b.startswith(a) for a in codes.values() for b in codes.values() if a != b)
    print(f"  prefix free: {prefix_free}, round trip: {decode(bits, codes) == text}")
    weighted = sum(len(codes[ch]) * text.count(ch) for ch in codes)
    print(f"  weighted length {weighted}, average {weighted / len(text):.3f} bits/char")
codes = build_codes("abracadabra")
try:
    decode(encode("abba", codes) + "1", codes)
except ValueError as e:
    print("error:", e)
try:
    encode("abc!", codes)
except KeyError as e:
    print("no code for", e)
