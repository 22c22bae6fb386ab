"""BPE merges: learn byte-pair-encoding merges from a word-frequency table, as
a tokenizer trainer does. Every word starts as a list of single characters;
each round counts adjacent symbol pairs over all words (weighted by the word's
frequency), merges the most frequent pair everywhere, and records the merge.
The corpus is generated deterministically from a list of syllables.
"""

DISTINCT_WORDS = 3000
MERGES = 500

SYLLABLES = ("ka ri to men sa lo ne ver qu in ta ble un der ing ed re pro con tion al ly"
             " ness est ar th ou gh st ch sh wh ph ion ous ment ful less ab ob"
             " ex im per sub tr pl gr fl cr sp sk sm")


def next_random(seed: int) -> int:
    return (seed * 1103515245 + 12345) % 2147483648


def make_corpus(n: int, words: list[str], freqs: list[int]) -> None:
    syl = SYLLABLES.split()
    seen: dict[str, int] = {}
    seed = 2024
    while len(words) < n:
        seed = next_random(seed)
        parts = 2 + (seed >> 16) % 3
        w = ""
        for _ in range(parts):
            seed = next_random(seed)
            # favour the syllables early in the list
            r = (seed >> 12) % (len(syl) * len(syl))
            w += syl[min(r // len(syl), r % len(syl))]
        seed = next_random(seed)
        if w in seen:
            freqs[seen[w]] += 1 + (seed >> 16) % 7
            continue
        seen[w] = len(words)
        words.append(w)
        freqs.append(1 + (seed >> 16) % 60)


def count_pairs(symbols: list[list[str]], freqs: list[int]) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for wi in range(len(symbols)):
        syms = symbols[wi]
        f = freqs[wi]
        for i in range(len(syms) - 1):
            pair = (syms[i], syms[i + 1])
            if pair in counts:
                counts[pair] += f
            else:
                counts[pair] = f
    return counts


def best_pair(counts: dict[tuple[str, str], int]) -> tuple[str, str]:
    """The most frequent pair; of equally frequent ones, the first counted."""
    best = ("", "")
    best_n = 0
    for pair, n in counts.items():
        if n > best_n:
            best = pair
            best_n = n
    return best


def merge(symbols: list[list[str]], left: str, right: str) -> int:
    """Replaces every adjacent (left, right) by their concatenation; returns how many."""
    joined = left + right
    done = 0
    for wi in range(len(symbols)):
        syms = symbols[wi]
        if len(syms) < 2:
            continue
        out: list[str] = []
        i = 0
        n = len(syms)
        while i < n:
            if i + 1 < n and syms[i] == left and syms[i + 1] == right:
                out.append(joined)
                i += 2
                done += 1
            else:
                out.append(syms[i])
                i += 1
        symbols[wi] = out
    return done


def main() -> None:
    words: list[str] = []
    freqs: list[int] = []
    make_corpus(DISTINCT_WORDS, words, freqs)
    symbols: list[list[str]] = []
    total_chars = 0
    for w in words:
        syms: list[str] = []
        for i in range(len(w)):
            syms.append(w[i])
        total_chars += len(w)
        symbols.append(syms)
    merges: list[str] = []
    replaced = 0
    for _ in range(MERGES):
        counts = count_pairs(symbols, freqs)
        if len(counts) == 0:
            break
        left, right = best_pair(counts)
        replaced += merge(symbols, left, right)
        merges.append(left + right)
    tokens = 0
    weighted = 0
    for wi in range(len(symbols)):
        tokens += len(symbols[wi])
        weighted += len(symbols[wi]) * freqs[wi]
    print(f"{len(words)} words, {total_chars} characters, {sum(freqs)} occurrences")
    print(f"{len(merges)} merges, {replaced} pairs replaced")
    print(f"first merges: {merges[:12]}")
    print(f"last merges: {merges[len(merges) - 5:]}")
    print(f"{tokens} tokens ({weighted} weighted) after merging")
    longest = merges[0]
    for m in merges:
        if len(m) > len(longest):
            longest = m
    print(f"longest merged token: {longest}")
    print(f"symbols of word 0: {symbols[0]}, word {len(words) - 1}: {symbols[len(words) - 1]}")


if __name__ == "__main__":
    main()
