"""Text classification with a small classifier head, in numpy.

Features are hashed character trigrams (a fixed-size bag, L2-normalised);
the head is one linear layer and a softmax, trained when the module loads by
full-batch gradient descent on the labelled sentences below, from zero
weights: deterministic, so CPython and the compiled program learn the same
head. The exported functions make it a library too:

    python3 examples/classify/classify.py "the game went to overtime" ...
    bash examples/classify/run.sh "the game went to overtime" ...   (compiled)
    kiln compile examples/classify/classify.py -o classify.so
    kiln call classify.so classify '[["a new phone chip"]]'
"""
import sys

import numpy as np

DIM = 256
LABELS = ["sport", "tech", "food"]
TRAIN = [
    ("the striker scored twice in the second half", 0),
    ("a late goal won the cup final", 0),
    ("the team lost the match on penalties", 0),
    ("she broke the world record in the marathon", 0),
    ("the coach praised the defence after the game", 0),
    ("the new laptop has a faster processor", 1),
    ("the update fixes a bug in the compiler", 1),
    ("engineers released the source code of the app", 1),
    ("the phone ships with more memory and a better chip", 1),
    ("a security patch for the web server", 1),
    ("simmer the sauce with garlic and tomatoes", 2),
    ("bake the bread until the crust is golden", 2),
    ("a bowl of soup with fresh herbs", 2),
    ("the recipe needs butter, sugar and flour", 2),
    ("grill the fish and serve it with lemon", 2),
]


def features(texts: list[str]) -> np.ndarray:
    """(len(texts), DIM) float32: hashed character trigrams, unit length."""
    x = np.zeros((len(texts), DIM), dtype=np.float32)
    for i in range(len(texts)):
        s = "  " + texts[i].lower() + " "
        for j in range(len(s) - 2):
            h = 0
            for ch in s[j:j + 3]:
                h = (h * 131 + ord(ch)) % 1000003
            x[i, h % DIM] += 1.0
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)


def softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def train(steps: int = 300, lr: float = 2.0) -> tuple[np.ndarray, np.ndarray]:
    """The head's weights (DIM, classes) and bias, by gradient descent on cross-entropy."""
    x = features([t for t, _ in TRAIN])
    y = np.zeros((len(TRAIN), len(LABELS)), dtype=np.float32)
    for i in range(len(TRAIN)):
        y[i, TRAIN[i][1]] = 1.0
    w = np.zeros((DIM, len(LABELS)), dtype=np.float32)
    b = np.zeros(len(LABELS), dtype=np.float32)
    for _ in range(steps):
        g = (softmax(x @ w + b) - y) / len(TRAIN)
        w -= lr * (x.T @ g)
        b -= lr * g.sum(axis=0)
    return w, b


_w, _b = train()


def probabilities(texts: list[str]) -> list[list[float]]:
    """Each text's probability per label (in LABELS' order)."""
    return softmax(features(texts) @ _w + _b).tolist()


def classify(texts: list[str]) -> list[str]:
    """Each text's most likely label."""
    p = softmax(features(texts) @ _w + _b)
    return [LABELS[int(k)] for k in p.argmax(axis=1)]


if __name__ == "__main__":
    texts = sys.argv[1:] or ["the goalkeeper saved a penalty", "a faster chip for the new phone",
                             "fry the onions in butter"]
    for text, label, p in zip(texts, classify(texts), probabilities(texts)):
        print(f"{label:>5}  {max(p):.2f}  {text}")
