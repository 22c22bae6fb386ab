import math

DOCS = {
    "d1": "the cat sat on the mat",
    "d2": "dogs and cats living together",
    "d3": "the quick brown fox",
    "d4": "a cat and a dog",
}


def tf(text: str) -> dict[str, float]:
    v: dict[str, float] = {}
    for w in text.split():
        v[w] = v.get(w, 0.0) + 1.0
    return v


def cosine(a: dict[str, float], b: dict[str, float]) -> float:
    dot = 0.0
    for k, x in a.items():
        if k in b:
            dot += x * b[k]
    na = math.sqrt(sum([x * x for x in a.values()], 0.0))
    nb = math.sqrt(sum([x * x for x in b.values()], 0.0))
    return dot / (na * nb) if na and nb else 0.0


def search(query: str, k: int) -> list[tuple[str, float]]:
    q = tf(query)
    scored = [(d, cosine(q, tf(t))) for d, t in DOCS.items()]
    scored.sort(key=lambda x: (-x[1], x[0]))
    return [(d, round(s, 4)) for d, s in scored[:k] if s > 0]


def main() -> None:
    for q in ["cat", "the cat", "dog and cat", "zebra", "the"]:
        print(repr(q), search(q, 3))


main()
