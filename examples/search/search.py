"""Semantic search over a text file: every non-empty line is a passage; the
passages and the query are embedded with a kiln.models encoder (the folder
KILN_MODEL_DIR names: the GloVe folder `make demo` builds by default, or a
BERT-family / EmbeddingGemma sentence-transformers folder), and the passages
most similar to the query (cosine) are printed, best first.

    KILN_MODEL_DIR=build/models/glove-100d python3 examples/search/search.py FILE "QUERY" [K]
    bash examples/search/run.sh "QUERY" [K] [FILE]        (compiled by kiln)

As a library (kiln compile), search(passages, query, k) returns the top k
(index, score) pairs.
"""
import os
import sys

import numpy as np
from kiln.models import load

_model = load(os.environ.get("KILN_MODEL_DIR", "build/models/glove-100d"))


def unit_rows(x: np.ndarray) -> np.ndarray:
    """Rows scaled to length 1 (a zero row, a text of unknown words, stays zero)."""
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)


def search(passages: list[str], query: str, k: int = 3) -> list[tuple[int, float]]:
    """The k passages most similar to query: (index, cosine similarity), best first."""
    p = unit_rows(_model.embed_texts(passages))
    q = unit_rows(_model.embed_texts([query]))[0]
    scores = p @ q
    order = np.argsort(-scores, kind="stable")[:k]
    return [(int(i), float(scores[i])) for i in order]


def main() -> None:
    if len(sys.argv) not in (3, 4):
        print("usage: search FILE QUERY [K]", file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as f:
        passages = [line.strip() for line in f if line.strip()]
    k = int(sys.argv[3]) if len(sys.argv) == 4 else 3
    print(f"{len(passages)} passages, query: {sys.argv[2]!r}")
    for rank, (i, score) in enumerate(search(passages, sys.argv[2], k)):
        print(f"{rank + 1}. {score:.3f}  {passages[i]}")


if __name__ == "__main__":
    main()
