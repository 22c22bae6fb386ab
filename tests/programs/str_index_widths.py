# Indexing and slicing text that mixes 1-, 2-, 3- and 4-byte characters at every alignment,
# short and past the index stride (32 code points), forwards, backwards and by steps: the
# position of the k-th character inside an 8-byte word is found without a loop over its bits.
PIECES = ["a", "é", "—", "😀", "bc", "ü", "€x", "defgh", "\u0100", "\U0010ffff"]


def make(n: int, seed: int) -> str:
    out: list[str] = []
    for i in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        out.append(PIECES[(seed >> 16) % len(PIECES)])
    return "".join(out)


def walk(s: str, step: int) -> int:
    h = 0
    for i in range(0, len(s), step):
        h = (h * 131 + ord(s[i])) % 1000000007
    return h


for n, seed in [(1, 1), (5, 2), (13, 3), (40, 4), (300, 5), (2000, 6)]:
    s = make(n, seed)
    back = 0
    for i in range(len(s) - 1, -1, -3):
        back = (back * 7 + ord(s[-len(s) + i])) % 1000003
    cuts = [s[i:i + 9] for i in range(0, len(s), 37)]
    print(n, len(s), walk(s, 1), walk(s, 7), walk(s, 33), back, cuts[:3], s[-5:], s[len(s) // 2::97][:6])
