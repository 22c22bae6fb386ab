import math

TABLE = [
    [0.1, 0.5, 0.2, 0.2],
    [0.4, 0.1, 0.4, 0.1],
    [0.25, 0.25, 0.3, 0.2],
    [0.05, 0.05, 0.1, 0.8],
]
EOS = 3


def next_probs(tokens: list[int]) -> list[float]:
    last = tokens[-1] if tokens else 0
    return TABLE[last]


def beam_search(width: int, max_len: int) -> list[tuple[float, list[int]]]:
    start: list[int] = []
    beams: list[tuple[float, list[int]]] = [(0.0, start)]
    finished: list[tuple[float, list[int]]] = []
    for step in range(max_len):
        cands: list[tuple[float, list[int]]] = []
        for score, toks in beams:
            probs = next_probs(toks)
            for tok, p in enumerate(probs):
                cands.append((score + math.log(p), toks + [tok]))
        cands.sort(key=lambda c: c[0], reverse=True)
        beams = []
        for score, toks in cands:
            if toks[-1] == EOS:
                finished.append((score, toks))
            else:
                beams.append((score, toks))
            if len(beams) == width:
                break
        print(f"step {step}: " + " ".join(f"{s:.3f}:{t}" for s, t in beams))
    finished.extend(beams)
    finished.sort(key=lambda c: c[0] / len(c[1]), reverse=True)
    return finished[:width]


def main() -> None:
    for score, toks in beam_search(2, 4):
        print(round(score, 4), toks, len(toks))


main()
