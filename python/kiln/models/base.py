"""The interface every kiln.models encoder has."""
import numpy as np


class Encoder:
    """A sentence encoder loaded from a model folder."""

    def __init__(self, dim: int):
        self.dim = dim

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        """One float32 vector per text: an array (len(texts), dim)."""
        raise NotImplementedError("an Encoder subclass embeds texts")
