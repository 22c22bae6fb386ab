"""The seed example: embed texts with the model folder KILN_MODEL_DIR names
(its architecture chosen from its files: GloVe, BERT-family or
EmbeddingGemma), the way OpenAI's embeddings API does. KILN_PROMPT names one
of the folder's prompts (EmbeddingGemma's "query", "document", ...) to put
before every text; KILN_DIMENSIONS asks for shorter, renormalised vectors
(Matryoshka truncation). Compiled: `kiln compile examples/embed/embed.py -o
embed.so`."""
import os

from kiln.models import load

_model = load(os.environ.get("KILN_MODEL_DIR", "build/models/glove-100d"))
if os.environ.get("KILN_PROMPT", "") != "":
    _model.use_prompt(os.environ.get("KILN_PROMPT", ""))
if os.environ.get("KILN_DIMENSIONS", "") != "":
    _model.truncate(int(os.environ.get("KILN_DIMENSIONS", "0")))


def generate_embeddings(text: list[str]) -> list[list[float]]:
    """One vector per input text."""
    return _model.embed_texts(text).tolist()


if __name__ == "__main__":
    for v in generate_embeddings(["the cat sat on the mat", "a dog slept on the rug", "stock markets fell"]):
        print(len(v), [round(x, 4) for x in v[:4]])
