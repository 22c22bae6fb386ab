"""Text generation with a kiln.models decoder: sampling (greedy,
temperature, top-k, top-p, min-p, repetition penalty, a seed), stop strings,
max_tokens, every end-of-sequence id the checkpoint declares, and a
generator that yields the reply as text pieces.

The order of the logits processors is Hugging Face's: repetition penalty,
then temperature, top-k, top-p, min-p; and one draw of random.random()
(CPython's Mersenne Twister, which kiln's random module reproduces, so a
seeded run gives the same tokens compiled and under CPython).

Pieces are cut where the decoded text is whole: the tokens since the last
piece are decoded together with the ones before them, and a piece is given
only when that text grows and does not end in U+FFFD (a byte token waiting
for the rest of its character). Special tokens are skipped when decoding.
Text that may be the start of a stop string is held back until it is not.
"""
import random
from typing import Iterator

import numpy as np
from kiln.models.decoder import Decoder


class Sampling:
    """How to choose each token. temperature 0 (or below) is greedy; top_k 0,
    top_p 1.0, min_p 0.0 and repetition_penalty 1.0 turn those off; seed -1
    leaves the random generator as it is."""

    def __init__(self, max_tokens: int = 256, temperature: float = 0.7, top_k: int = 0, top_p: float = 1.0,
                 min_p: float = 0.0, repetition_penalty: float = 1.0, seed: int = -1):
        if max_tokens < 0:
            raise ValueError(f"max_tokens must be at least 0, not {max_tokens}")
        if top_p <= 0.0 or top_p > 1.0:
            raise ValueError(f"top_p must be in (0, 1], not {top_p}")
        if min_p < 0.0 or min_p > 1.0:
            raise ValueError(f"min_p must be in [0, 1], not {min_p}")
        if repetition_penalty <= 0.0:
            raise ValueError(f"repetition_penalty must be above 0, not {repetition_penalty}")
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.top_k = top_k
        self.top_p = top_p
        self.min_p = min_p
        self.repetition_penalty = repetition_penalty
        self.seed = seed
        self.stop: list[str] = []


def pick(logits: np.ndarray, seen: list[int], s: Sampling) -> int:
    """The next token from the logits (vocab,), given the tokens so far.

    Sampling needs the tokens in order of probability only as far as the
    draw and the cuts reach, so the vocabulary is not sorted: the tokens
    within `span` of the largest logit are (their weight at least e**-span
    of the largest's), the span widened 4x until top-k, the top-p and
    min-p cuts and the draw fall among them; the order is a stable sort's
    (equal logits by id), as a sort of the whole vocabulary gives."""
    x = logits.astype(np.float64)
    if s.repetition_penalty != 1.0 and len(seen) > 0:
        idx = np.array(sorted(set(seen)), dtype=np.int64)
        v = x[idx]
        x[idx] = np.where(v < 0.0, v * s.repetition_penalty, v / s.repetition_penalty)
    if s.temperature <= 0.0:
        return int(np.argmax(x))
    x = x / s.temperature
    n = int(x.shape[0])
    keep = n
    if s.top_k > 0 and s.top_k < n:
        keep = s.top_k
    r = random.random()
    top = float(np.max(x))
    lo = float(np.min(x))
    total = 0.0  # every token's weight exp(x - top) summed (keep == n)
    if keep == n:
        total = float(np.exp(x - top).sum())
    span = 4.0
    while True:
        if top - span > lo:
            ids = np.flatnonzero(x >= top - span)
        else:
            ids = np.arange(n)
        ids = ids[np.argsort(-x[ids], kind="stable")][:keep]
        full = int(ids.shape[0]) >= keep  # every token top_k keeps is here
        p = np.exp(x[ids] - x[ids[0]])
        p = p / (p.sum() if full else total)
        cp = np.cumsum(p)
        cut = int(ids.shape[0])
        known = full  # the number of tokens kept is known
        if s.top_p < 1.0:
            # the fewest most likely tokens whose mass reaches top_p
            below = int((cp < s.top_p).sum())
            if below < cut:
                cut = below + 1
                known = True
        if s.min_p > 0.0:
            above = int((p >= s.min_p * p[0]).sum())
            if above < cut:
                cut = above
                known = True
        if known:
            c = np.cumsum(p[:cut] / p[:cut].sum())
            return int(ids[min(int((c <= r).sum()), cut - 1)])
        if s.top_p >= 1.0 and s.min_p <= 0.0 and cp[-1] > r:  # no cut, and the draw falls among these
            return int(ids[int((cp <= r).sum())])
        span = span * 4.0


def held_back(text: str, stops: list[str]) -> int:
    """How many characters at the end of text could begin a stop string."""
    best = 0
    for stop in stops:
        for n in range(min(len(stop) - 1, len(text)), best, -1):
            if text.endswith(stop[:n]):
                best = n
                break
    return best


def chat_prompt(model: Decoder, messages: list[dict[str, str]]) -> list[int]:
    """The token ids of messages rendered with the model's chat template
    (add_generation_prompt=True). The template writes the BOS itself, so the
    text is encoded without adding special tokens (no second BOS)."""
    if model.template_source == "":
        raise ValueError(f"{model.folder}: the model has no chat template (tokenizer_config.json's chat_template)")
    text = model.template.render(messages, True, model.special)
    return model.tokenizer.encode(text, add_special_tokens=False).ids


def generate(model: Decoder, prompt: list[int], s: Sampling) -> Iterator[str]:
    """The reply to the prompt's token ids, as text pieces."""
    if s.seed >= 0:
        random.seed(s.seed)
    tok = model.tokenizer
    if s.max_tokens == 0:
        return
    cache = model.new_cache(len(prompt) + s.max_tokens)
    logits = model.forward(cache, prompt)
    seen = list(prompt)
    ids: list[int] = []
    prefix = 0  # ids[prefix:read] were decoded into the last piece ...
    read = 0  # ... and ids[read:] not yet
    text = ""  # everything decoded so far
    sent = 0  # text[:sent] has been yielded
    for step in range(s.max_tokens):
        t = pick(logits, seen, s)
        if t in model.eos:
            break
        ids.append(t)
        seen.append(t)
        before = tok.decode(ids[prefix:read], skip_special_tokens=True)
        after = tok.decode(ids[prefix:], skip_special_tokens=True)
        if len(after) > len(before) and not after.endswith("\ufffd"):
            text += after[len(before):]
            prefix = read
            read = len(ids)
            if len(s.stop) > 0:
                cut = -1
                for stop in s.stop:
                    at = text.find(stop, max(0, sent - len(stop)))
                    if at >= 0 and (cut < 0 or at < cut):
                        cut = at
                if cut >= 0:
                    if cut > sent:
                        yield text[sent:cut]
                    return
                end = len(text) - held_back(text, s.stop)
                if end > sent:
                    yield text[sent:end]
                    sent = end
            else:
                yield text[sent:]
                sent = len(text)
        if step + 1 == s.max_tokens or cache.n >= cache.size:
            break
        logits = model.forward(cache, [t])
    if read < len(ids):
        before = tok.decode(ids[prefix:read], skip_special_tokens=True)
        after = tok.decode(ids[prefix:], skip_special_tokens=True)
        if len(after) > len(before):
            text += after[len(before):]
    end = len(text)
    for stop in s.stop:
        at = text.find(stop, max(0, sent - len(stop)))
        if at >= 0 and at < end:
            end = at
    if end > sent:
        yield text[sent:end]
