import math


class EmbeddingCache:
    def __init__(self, dim: int, capacity: int) -> None:
        self.dim = dim
        self.capacity = capacity
        self.store: dict[str, list[float]] = {}
        self.order: list[str] = []
        self.hits = 0
        self.misses = 0

    def _embed(self, text: str) -> list[float]:
        vec = [0.0] * self.dim
        for i, ch in enumerate(text):
            vec[(ord(ch) + i) % self.dim] += 1.0
        norm = math.sqrt(sum(v * v for v in vec))
        return [v / norm for v in vec]

    def get(self, text: str) -> list[float]:
        if text in self.store:
            self.hits += 1
            self.order.remove(text)
            self.order.append(text)
            return self.store[text]
        self.misses += 1
        vec = self._embed(text)
        self.store[text] = vec
        self.order.append(text)
        if len(self.order) > self.capacity:
            old = self.order.pop(0)
            del self.store[old]
        return vec


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


def main() -> None:
    cache = EmbeddingCache(8, 3)
    queries = ["hello", "world", "hello", "kiln", "compiler", "hello", "world"]
    for q in queries:
        v = cache.get(q)
        print(q, [round(x, 3) for x in v[:4]])
    print("hits", cache.hits, "misses", cache.misses, "cached", cache.order)
    a = cache.get("hello")
    for other in ["help", "hello", "xyz"]:
        print(other, round(cosine(a, cache.get(other)), 4))


main()
