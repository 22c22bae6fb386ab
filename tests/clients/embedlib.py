"""A small embedding model for the clients' tests: a vector per text from
its characters (hashed trigram counts), L2-normalised; as numpy would
compute it, and returned as list[list[float]]."""
import math

DIM = 32


def embed(texts: list[str]) -> list[list[float]]:
    """One unit vector per text."""
    out: list[list[float]] = []
    for t in texts:
        v = [0.0] * DIM
        s = "  " + t.lower() + " "
        for i in range(len(s) - 2):
            h = (ord(s[i]) * 961 + ord(s[i + 1]) * 31 + ord(s[i + 2])) % DIM
            v[h] += 1.0 + (i % 3) * 0.25
            v[(h * 7 + i) % DIM] += 0.5
        n = math.sqrt(sum(x * x for x in v))
        if n == 0.0:
            n = 1.0
        out.append([x / n for x in v])
    return out


def similarity(a: str, b: str) -> float:
    va = embed([a])[0]
    vb = embed([b])[0]
    return sum(va[i] * vb[i] for i in range(DIM))
