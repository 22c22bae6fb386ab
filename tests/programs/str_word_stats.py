TEXT = """It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity,
it was the season of Light, it was the season of Darkness."""


def words(text: str) -> list[str]:
    out: list[str] = []
    for raw in text.split():
        w = raw.strip(".,;:!?").lower()
        if w:
            out.append(w)
    return out


def main() -> None:
    ws = words(TEXT)
    print(len(ws), len(set(ws)))
    freq: dict[str, int] = {}
    for w in ws:
        freq[w] = freq.get(w, 0) + 1
    top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:6]
    for w, c in top:
        print(f"{w:<8}{c:>3} {'#' * c}")
    longest = max(ws, key=len)
    print("longest:", longest, len(longest))
    avg = sum(len(w) for w in ws) / len(ws)
    print(f"avg length {avg:.3f}")
    bigrams: dict[str, int] = {}
    for a, b in zip(ws, ws[1:]):
        k = a + " " + b
        bigrams[k] = bigrams.get(k, 0) + 1
    print(sorted(bigrams.items(), key=lambda kv: (-kv[1], kv[0]))[:3])
    print(sorted({w[0] for w in ws}))


main()
