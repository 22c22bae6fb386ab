"""word frequency: generate a large text deterministically (a linear
congruential generator picks words from a fixed vocabulary, with capitals and
punctuation sprinkled in), then count how often each word occurs, ignoring
case and punctuation, and print the most frequent words.
"""

LINES = 160000
WORDS_PER_LINE = 12
TOP = 15

VOCAB = ("the of and to in a is that for it as was with be by on not he this are or his"
         " from at which but have an they you were her she there been one all we their"
         " has would when if so no will more can who out some said them time about into"
         " river stone window garden letter morning silver winter engine harbour lantern"
         " meadow thunder kettle orchard compass blanket whistle ladder pepper marble"
         " quietly slowly bright narrow ancient hollow golden distant crooked gentle"
         " walked carried listened wondered gathered painted followed remembered")
PUNCT = [",", ".", ";", "!", "?", ":"]


def make_text(lines: int, per_line: int) -> str:
    words = VOCAB.split()
    n = len(words)
    seed = 12345
    out: list[str] = []
    for _ in range(lines):
        parts: list[str] = []
        for k in range(per_line):
            seed = (seed * 1103515245 + 12345) % 2147483648
            # skew towards the start of the vocabulary, as real text is skewed
            r = (seed >> 8) % (n * n)
            w = words[r // n if (r // n) < (r % n) else r % n]
            if seed % 17 == 0:
                w = w.capitalize()
            elif seed % 53 == 0:
                w = w.upper()
            if seed % 11 == 0:
                w = w + PUNCT[seed % len(PUNCT)]
            elif seed % 97 == 0:
                w = "(" + w + ")"
            parts.append(w)
        out.append(" ".join(parts))
    return "\n".join(out)


def count_words(text: str, counts: dict[str, int], order: list[str]) -> int:
    total = 0
    for line in text.split("\n"):
        for raw in line.split():
            w = raw.strip(".,;:!?()").lower()
            if w == "":
                continue
            total += 1
            if w in counts:
                counts[w] += 1
            else:
                counts[w] = 1
                order.append(w)
    return total


def main() -> None:
    text = make_text(LINES, WORDS_PER_LINE)
    counts: dict[str, int] = {}
    order: list[str] = []
    total = count_words(text, counts, order)
    ranked: list[tuple[int, str]] = []
    for w in order:
        ranked.append((-counts[w], w))
    ranked.sort()
    print(f"{len(text)} characters, {total} words, {len(order)} distinct")
    for i in range(TOP):
        neg, w = ranked[i]
        print(f"{w:>12} {-neg:7d} {100.0 * -neg / total:6.2f}%")
    neg, w = ranked[len(ranked) - 1]
    print(f"rarest: {w} ({-neg})")

if __name__ == "__main__":
    main()
