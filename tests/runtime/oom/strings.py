"""Strings under allocation failure: building, splitting, joining, formatting."""


def words(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for w in text.lower().replace(",", " ").split():
        counts[w] = counts.get(w, 0) + 1
    return counts


def main() -> None:
    text = "The quick brown fox, the lazy dog, the end"
    c = words(text)
    for k in sorted(c):
        print(f"{k:>6}: {c[k]}")
    s = "-".join(str(i * i) for i in range(12))
    print(s, len(s), s.upper().count("1"))
    parts = [p.strip() for p in " a , bé ,  ç ".split(",")]
    print(repr(parts), "|".join(parts).encode("utf-8"))
    print("%s has %d items (%.3f)" % ("list", len(parts), 2 / 3), "{:08.2f}".format(3.14159))
    t = "ab" * 20
    print(t.find("ba"), t[3:9], t[::-3], t.startswith("abab"), "é" in parts[1])


main()
