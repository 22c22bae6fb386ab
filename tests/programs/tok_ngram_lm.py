import math


def train(corpus: list[str]) -> tuple[dict[tuple[str, str], int], dict[str, int]]:
    bigrams: dict[tuple[str, str], int] = {}
    unigrams: dict[str, int] = {}
    for sent in corpus:
        toks = ["<s>"] + sent.lower().split() + ["</s>"]
        for t in toks:
            unigrams[t] = unigrams.get(t, 0) + 1
        for a, b in zip(toks, toks[1:]):
            bigrams[(a, b)] = bigrams.get((a, b), 0) + 1
    return bigrams, unigrams


def prob(a: str, b: str, bigrams: dict[tuple[str, str], int], unigrams: dict[str, int]) -> float:
    v = len(unigrams)
    return (bigrams.get((a, b), 0) + 1) / (unigrams.get(a, 0) + v)


def perplexity(sent: str, bigrams: dict[tuple[str, str], int], unigrams: dict[str, int]) -> float:
    toks = ["<s>"] + sent.lower().split() + ["</s>"]
    lp = 0.0
    for a, b in zip(toks, toks[1:]):
        lp += math.log(prob(a, b, bigrams, unigrams))
    return math.exp(-lp / (len(toks) - 1))


def generate(start: str, bigrams: dict[tuple[str, str], int], n: int) -> list[str]:
    out = [start]
    cur = start
    for _ in range(n):
        cands = [(c, b) for (a, b), c in bigrams.items() if a == cur]
        if not cands:
            break
        cands.sort(key=lambda cb: (-cb[0], cb[1]))
        cur = cands[0][1]
        if cur == "</s>":
            break
        out.append(cur)
    return out


def main() -> None:
    corpus = ["the cat sat on the mat", "the dog sat on the log", "a cat saw the dog", "the cat ran"]
    bi, uni = train(corpus)
    print(len(bi), len(uni), uni["the"], bi[("the", "cat")])
    for s in ["the cat sat", "the dog ran on the mat", "mat the on"]:
        print(s, round(perplexity(s, bi, uni), 3))
    print(generate("<s>", bi, 8))
    print(generate("dog", bi, 3))


main()
