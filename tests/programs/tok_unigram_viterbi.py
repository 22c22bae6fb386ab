import math

PIECES = {"▁": -3.0, "▁the": -2.0, "▁a": -2.5, "t": -4.0, "h": -4.2, "e": -3.8, "▁th": -3.5, "re": -3.1,
          "▁there": -4.5, "▁here": -4.0, "he": -3.3, "r": -4.1, "a": -3.9, "▁t": -3.7}


def viterbi(text: str, pieces: dict[str, float]) -> tuple[list[str], float]:
    s = "▁" + text.replace(" ", "▁")
    n = len(s)
    best = [-math.inf] * (n + 1)
    back = [-1] * (n + 1)
    best[0] = 0.0
    for end in range(1, n + 1):
        for start in range(max(0, end - 8), end):
            piece = s[start:end]
            if piece in pieces and best[start] > -math.inf:
                score = best[start] + pieces[piece]
                if score > best[end]:
                    best[end] = score
                    back[end] = start
    if back[n] < 0:
        return [], -math.inf
    out: list[str] = []
    i = n
    while i > 0:
        out.append(s[back[i] : i])
        i = back[i]
    out.reverse()
    return out, best[n]


def main() -> None:
    for t in ["there", "the", "here", "a there", "the re", "xyz"]:
        toks, score = viterbi(t, PIECES)
        print(f"{t!r:10} {toks} {score:.2f}")
    print(math.inf > 1e308, -math.inf < 0, math.isinf(viterbi("q", PIECES)[1]))


main()
