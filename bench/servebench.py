"""The trivial library of `make bench`'s serving section (bench/serve.py):
an embedding function that does almost nothing, so what is measured is
kiln serve itself (HTTP, JSON, the queue, the native call)."""


def embed(texts: list[str]) -> list[list[float]]:
    out: list[list[float]] = []
    for t in texts:
        out.append([float(len(t)), 0.5])
    return out
