# Word statistics over a few paragraphs: normalisation, counts, top words by
# count then alphabetically, length histogram, bigrams and per-line summaries.
TEXT = """It was the best of times, it was the worst of times;
it was the age of wisdom, it was the age of foolishness...
It was the epoch of belief -- it was the epoch of incredulity!
It was the season of Light, it was the season of Darkness."""

STOP = {"the", "of", "it", "was"}


def normalise(word: str) -> str:
    out = ""
    for ch in word.lower():
        if ch.isalpha() or ch == "'":
            out += ch
    return out


def words_of(line: str) -> list[str]:
    result: list[str] = []
    for raw in line.split():
        w = normalise(raw)
        if w:
            result.append(w)
    return result


lines = TEXT.split("\n")
all_words: list[str] = []
for number, line in enumerate(lines):
    ws = words_of(line)
    all_words.extend(ws)
    print(f"line {number + 1}: {len(ws)} words, {len(line)} chars, first={ws[0]!r} last={ws[-1]!r}")

counts: dict[str, int] = {}
for w in all_words:
    counts[w] = counts.get(w, 0) + 1
print("total words:", len(all_words), "distinct:", len(counts))

ranked = sorted([(-c, w) for w, c in counts.items()])
print("top 8:")
for negc, w in ranked[:8]:
    bar = "#" * -negc
    print(f"  {w:<12}{-negc:>3} {bar}")

content = [(-c, w) for negc2, w in ranked for c in [-negc2] if w not in STOP]
print("top content words:", [w for negc, w in content[:5]])

hist: dict[int, int] = {}
for w in all_words:
    hist[len(w)] = hist.get(len(w), 0) + 1
for length in sorted(hist):
    print(f"len {length:2d}: {hist[length]:3d} {'*' * hist[length]}")

bigrams: dict[str, int] = {}
for i in range(len(all_words) - 1):
    key = all_words[i] + " " + all_words[i + 1]
    bigrams[key] = bigrams.get(key, 0) + 1
common = sorted([(-c, b) for b, c in bigrams.items() if c > 1])
print("repeated bigrams:", [(b, -c) for c, b in common])

total_len = sum(len(w) for w in all_words)
print(f"average word length: {total_len / len(all_words):.3f}")
longest = ""
for w in all_words:
    if len(w) > len(longest) or (len(w) == len(longest) and w < longest):
        longest = w
print("longest word:", longest)
vowels = sum(1 for w in all_words for ch in w if ch in "aeiou")
print("vowels:", vowels, "consonants:", total_len - vowels - sum(w.count("'") for w in all_words))
caps = [raw.strip(",.;!") for raw in TEXT.split() if raw[0].isupper()]
print("capitalised:", caps)
print("unique first letters:", "".join(sorted(set(w[0] for w in all_words))))
