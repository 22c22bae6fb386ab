# kiln.models.glove and kiln.models.load: an average-word-embeddings folder
# (sentence-transformers WordEmbeddings layout), words found as
# WhitespaceTokenizer finds them (lowercase, punctuation stripped, unknown
# dropped), mean pooling, empty texts.
import json
import os

import numpy as np
from kiln.models import load
from safetensors.numpy import save_file

folder = f"/tmp/kiln_glove_{os.getpid()}"
for d in (folder, os.path.join(folder, "0_WordEmbeddings"), os.path.join(folder, "1_Pooling")):
    if not os.path.isdir(d):
        os.mkdir(d)
vocab = ["the", "cat", "sat", "on", "mat", "dog", "rug", ",", "hello", "world", "don't", "u.s."]
with open(os.path.join(folder, "0_WordEmbeddings", "whitespacetokenizer_config.json"), "w") as f:
    json.dump({"vocab": vocab, "stop_words": ["on"], "do_lower_case": True}, f)
with open(os.path.join(folder, "modules.json"), "w") as f:
    json.dump([{"idx": 0, "name": "0", "path": "0_WordEmbeddings", "type": "sentence_transformers.models.WordEmbeddings"},
               {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"}], f)
emb = (np.cos(np.arange(len(vocab) * 6, dtype=np.float64) * 0.9) * 0.5).reshape(len(vocab), 6).astype(np.float32)
save_file({"emb_layer.weight": emb}, os.path.join(folder, "0_WordEmbeddings", "model.safetensors"))

model = load(folder)
texts = ["The cat sat on the mat.", "HELLO, world!!", "", "   ", "unknown words only", "don't", "(U.S.)",
         "dog\trug\nthe", "cat cat cat"]
for t, v in zip(texts, model.embed_texts(texts).tolist()):
    print(repr(t), [round(x, 6) for x in v])
print(model.dim)
for name in ("0_WordEmbeddings/whitespacetokenizer_config.json", "0_WordEmbeddings/model.safetensors", "modules.json"):
    os.remove(os.path.join(folder, name))
for d in ("0_WordEmbeddings", "1_Pooling", ""):
    os.rmdir(os.path.join(folder, d))
try:
    load(folder)
except (ValueError, FileNotFoundError) as e:
    print(type(e).__name__)
