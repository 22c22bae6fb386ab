"""A small chat model for the clients' tests: a generator that yields
tokens, so streaming is tested end to end. It answers the last user message
word by word, reversed, and follows max_tokens and temperature the way a
model would (temperature 0: deterministic lower case; above: title case)."""
from typing import Iterator


def chat(messages: list[dict[str, str]], max_tokens: int = 16, temperature: float = 1.0) -> Iterator[str]:
    """Answer the last user message."""
    last = ""
    for m in messages:
        if m["role"] == "user":
            last = m["content"]
    if last == "raise":
        raise ValueError("the model was asked to fail")
    words = last.split()
    words.reverse()
    system = len(messages) - 1
    n = 0
    for w in words + ["(" + str(system) + " earlier)"]:
        if n >= max_tokens:
            return
        piece = w.lower() if temperature == 0.0 else w.title()
        yield piece if n == 0 else " " + piece
        n += 1


def count_tokens(text: str) -> int:
    """Tokens of a prompt: words and punctuation marks."""
    n = 0
    inword = False
    for c in text:
        if c.isalnum():
            if not inword:
                n += 1
            inword = True
        else:
            inword = False
            if not c.isspace():
                n += 1
    return n


def spin(n: int) -> int:
    """Busy work (a slow call: the event loop must keep running meanwhile)."""
    acc = 0
    for i in range(n):
        acc = (acc * 31 + i) % 1000003
    return acc
