# Tuples of every length and kind mix (kinds are copied inline for short tuples), tuple keys
# of str items (hashes kept from the first use), and lists grown from empty, from a literal
# and from a comprehension, past each capacity step.
def kinds_tour(n: int) -> list[tuple[int, str, float, bool]]:
    out: list[tuple[int, str, float, bool]] = []
    for i in range(n):
        out.append((i, "é" * (i % 3) + str(i), i / 4, i % 2 == 0))
    return out


rows = kinds_tour(7)
print(rows)
print(rows[3][1], rows[6][2], rows[5][3], len(rows[0]))

wide = (1, "a", 2.5, True, None, (3, "b"), "", "ü", 4, 5, 6, 7, 8, 9, 10, 11, 12, "z")
print(len(wide), wide[5], wide[17], wide[16:], wide == tuple(list(wide)))
print(hash(wide[:5]) == hash((1, "a", 2.5, True, None)), hash((1, 2.0)) == hash((1.0, 2)))

counts: dict[tuple[str, str], int] = {}
text = "naïve café naïve — ok ok  end"
for i in range(len(text) - 1):
    pair = (text[i], text[i + 1])
    counts[pair] = counts.get(pair, 0) + 1
print(sorted(counts.items())[:8])
print(counts[("ï", "v")], counts[("o", "k")], ("", "") in counts, ("e", "") in counts)
empty_keys: dict[tuple[str, str], int] = {("", ""): 1, ("", "a"): 2, ("a", ""): 3}
print(empty_keys[("", "")], empty_keys[("a", "")], ("", "a") in empty_keys, len(empty_keys))
long_key = ("x" * 1000, "y" * 3000)
big: dict[tuple[str, str], int] = {long_key: 7}
print(big[("x" * 1000, "y" * 3000)], ("x" * 999, "y" * 3000) in big)

grown: list[str] = []
for i in range(100):
    grown.append(str(i))
    if len(grown) in (1, 8, 9, 12, 13, 19, 100):
        print(len(grown), grown[-1], "".join(grown[-3:]))
lit = ["a", "b", "c"]
lit.append("d")
print(lit, lit + lit[:1], [x * 2 for x in lit])
floats: list[float] = []
for i in range(20):
    floats.append(i * 0.5)
print(floats[::7], sum(floats))
nested: list[list[str]] = [[] for _ in range(3)]
for i in range(10):
    nested[i % 3].append(chr(0x61 + i))
print(nested)
