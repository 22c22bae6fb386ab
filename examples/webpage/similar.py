"""The library behind the web page: a small text embedder (hashed character
trigrams, unit length) that kiln serve offers as /v1/embeddings."""
import math


def embed(texts: list[str], dim: int = 64) -> list[list[float]]:
    """One unit vector of dim floats per text."""
    out = []
    for t in texts:
        v = [0.0] * dim
        s = "  " + t.lower() + " "
        for i in range(len(s) - 2):
            h = 0
            for ch in s[i:i + 3]:
                h = (h * 131 + ord(ch)) % 1000003
            v[h % dim] += 1.0
        norm = math.sqrt(sum(x * x for x in v)) or 1.0
        out.append([x / norm for x in v])
    return out
