class Tokenizer:
    def __init__(self, vocab: dict[str, int]) -> None:
        self.vocab = vocab

    def tokens(self, text: str):
        for w in text.split():
            if w not in self.vocab:
                raise KeyError(w)
            yield self.vocab[w]


def safe_div(xs: list[int], d: int):
    for x in xs:
        try:
            yield x // d
        finally:
            print("step", x)


def batched(xs: list[int], n: int):
    batch: list[int] = []
    for x in xs:
        batch.append(x)
        if len(batch) == n:
            yield batch
            batch = []
    if batch:
        yield batch


def stream(prompt: str, n: int):
    text = prompt
    for i in range(n):
        piece = f" t{i}"
        text += piece
        yield piece


t = Tokenizer({"a": 1, "b": 2})
print(list(t.tokens("a b a")))
try:
    for tok in t.tokens("a c"):
        print("tok", tok)
except KeyError as e:
    print("missing", e)
print(list(safe_div([4, 6], 2)))
print(list(batched(list(range(7)), 3)))
print("".join(stream("hi", 4)))
g = batched([1], 5)
print(next(g))
try:
    next(g)
except StopIteration:
    print("done")
try:
    print(list(safe_div([1, 2], 0)))
except ZeroDivisionError as e:
    print("zde", e)
e2 = Tokenizer({"x": 0}).tokens("x y")
print(next(e2))
print(next(e2))
