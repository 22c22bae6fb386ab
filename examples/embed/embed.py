"""The seed example: embed texts with the model folder KILN_MODEL_DIR names
(its architecture chosen from its files), the way OpenAI's embeddings API
does. Compiled: `kiln compile examples/embed/embed.py -o embed.so`."""
import os

from kiln.models import load

_model = load(os.environ.get("KILN_MODEL_DIR", "build/models/glove-100d"))


def generate_embeddings(text: list[str]) -> list[list[float]]:
    """One vector per input text."""
    return _model.embed_texts(text).tolist()


if __name__ == "__main__":
    for v in generate_embeddings(["the cat sat on the mat", "a dog slept on the rug", "stock markets fell"]):
        print(len(v), [round(x, 4) for x in v[:4]])
