# tolerance: 1e-5
# kiln.models.bert: a sentence-transformers BERT folder (synthetic weights in
# the published layout and names), loaded and run; mean and CLS pooling.
import json
import os

import numpy as np
from kiln.models.bert import BertEncoder
from safetensors.numpy import save_file


def make_folder(folder: str, pooling: str, prefix: str) -> None:
    dim, heads, layers, inter, vocab, maxpos = 32, 4, 2, 64, 50, 16
    for d in (folder, os.path.join(folder, "1_Pooling")):
        if not os.path.isdir(d):
            os.mkdir(d)
    cfg = {"hidden_size": dim, "num_attention_heads": heads, "num_hidden_layers": layers,
           "intermediate_size": inter, "vocab_size": vocab, "max_position_embeddings": maxpos,
           "type_vocab_size": 2, "layer_norm_eps": 1e-12, "hidden_act": "gelu"}
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(cfg, f)
    with open(os.path.join(folder, "modules.json"), "w") as f:
        json.dump([{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
                   {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
                   {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}], f)
    with open(os.path.join(folder, "1_Pooling", "config.json"), "w") as f:
        json.dump({"word_embedding_dimension": dim, "pooling_mode_cls_token": pooling == "cls",
                   "pooling_mode_mean_tokens": pooling == "mean"}, f)
    w: dict[str, np.ndarray] = {}
    seed = 0

    def mat(r: int, c: int) -> np.ndarray:
        n = r * c
        return (np.sin(np.arange(n, dtype=np.float64) * 0.61 + seed * 1.3) * 0.3).reshape(r, c).astype(np.float32)

    def vec(n: int, base: float) -> np.ndarray:
        return (base + np.cos(np.arange(n, dtype=np.float64) * 0.37 + seed) * 0.1).astype(np.float32)

    p = prefix + "embeddings."
    w[p + "word_embeddings.weight"] = mat(vocab, dim)
    seed += 1
    w[p + "position_embeddings.weight"] = mat(maxpos, dim)
    seed += 1
    w[p + "token_type_embeddings.weight"] = mat(2, dim)
    w[p + "LayerNorm.weight"] = vec(dim, 1.0)
    w[p + "LayerNorm.bias"] = vec(dim, 0.0)
    for i in range(layers):
        p = f"{prefix}encoder.layer.{i}."
        for name in ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"):
            seed += 1
            w[p + name + ".weight"] = mat(dim, dim)
            w[p + name + ".bias"] = vec(dim, 0.0)
        seed += 1
        w[p + "attention.output.LayerNorm.weight"] = vec(dim, 1.0)
        w[p + "attention.output.LayerNorm.bias"] = vec(dim, 0.0)
        w[p + "intermediate.dense.weight"] = mat(inter, dim)
        w[p + "intermediate.dense.bias"] = vec(inter, 0.0)
        seed += 1
        w[p + "output.dense.weight"] = mat(dim, inter)
        w[p + "output.dense.bias"] = vec(dim, 0.0)
        w[p + "output.LayerNorm.weight"] = vec(dim, 1.0)
        w[p + "output.LayerNorm.bias"] = vec(dim, 0.0)
    save_file(w, os.path.join(folder, "model.safetensors"))


base = f"/tmp/kiln_bert_{os.getpid()}"
batch = [[2, 7, 11, 3], [2, 5, 3], [2, 40, 41, 42, 43, 3]]
for pooling, prefix in (("mean", ""), ("cls", "bert.")):
    folder = f"{base}_{pooling}"
    make_folder(folder, pooling, prefix)
    enc = BertEncoder(folder)
    e = enc.embed(batch)
    print(pooling, e.shape, e.dtype)
    for row in e:
        print(" ".join(f"{v:.5f}" for v in row.tolist()[:8]))
    print(np.round((e * e).sum(axis=1), 5))
    for name in ("config.json", "modules.json", "model.safetensors", "1_Pooling/config.json"):
        os.remove(os.path.join(folder, name))
    os.rmdir(os.path.join(folder, "1_Pooling"))
    os.rmdir(folder)
