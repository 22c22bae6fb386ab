"""The library the serve tests compile and put behind `kiln serve`: an
embedding function and a chat generator, both plain Python, so CPython
computes the answers the server must give (tests/unit/test_serve.py)."""
import math
import time
from typing import Iterator

# the size of every batch embed() was called with: the server batches
# concurrent requests into one call, and chat() reports the largest
BATCHES: list[int] = []


def embed(texts: list[str]) -> list[list[float]]:
    """A vector of 5 features per text, not normalised. The one text "slow"
    keeps the library busy for 1 s (the batching test); "boom" raises."""
    BATCHES.append(len(texts))
    if len(texts) == 1 and texts[0] == "slow":
        time.sleep(1.0)
    out: list[list[float]] = []
    for t in texts:
        if t == "boom":
            raise ValueError("boom in the embedding function")
        vowels = 0
        for c in t:
            if c in "aeiou":
                vowels += 1
        out.append([float(len(t)), vowels / 3.0, math.sqrt(len(t) + 0.5), -1.25, float(ord(t[0]))])
    return out


def chat(messages: list[dict[str, str]], max_tokens: int, temperature: float) -> Iterator[str]:
    """Echo the last message's words reversed, after a header naming the
    request's parameters. "batches" reports the largest embedding batch;
    "slow ..." sleeps 50 ms before each word (the shutdown test)."""
    last = messages[len(messages) - 1]["content"]
    if last == "batches":
        yield str(max(BATCHES) if len(BATCHES) > 0 else 0)
        return
    yield "<" + str(len(messages)) + " " + messages[0]["role"] + " t=" + str(temperature) + ">"
    for w in last.split():
        if w == "boom":
            raise ValueError("boom in the chat function")
        if last.startswith("slow"):
            time.sleep(0.05)
        yield " " + w[::-1]
