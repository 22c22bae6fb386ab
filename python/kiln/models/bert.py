"""BERT-family sentence encoders (sentence-transformers/all-MiniLM-L6-v2,
BAAI/bge-small-en-v1.5): a BertModel, then the folder's Pooling (mean or CLS)
and Normalize modules, loaded from a sentence-transformers model folder as
published (config.json, model.safetensors with the original tensor names,
modules.json, 1_Pooling/config.json)."""
import json
import os

import numpy as np
from kiln import nn
from kiln.models.base import Encoder
from safetensors.numpy import load_file


class BertLayer:
    def __init__(self, w: dict[str, np.ndarray], p: str, heads: int, eps: float):
        self.q_w = w[p + "attention.self.query.weight"]
        self.q_b = w[p + "attention.self.query.bias"]
        self.k_w = w[p + "attention.self.key.weight"]
        self.k_b = w[p + "attention.self.key.bias"]
        self.v_w = w[p + "attention.self.value.weight"]
        self.v_b = w[p + "attention.self.value.bias"]
        self.o_w = w[p + "attention.output.dense.weight"]
        self.o_b = w[p + "attention.output.dense.bias"]
        self.ln1_w = w[p + "attention.output.LayerNorm.weight"]
        self.ln1_b = w[p + "attention.output.LayerNorm.bias"]
        self.up_w = w[p + "intermediate.dense.weight"]
        self.up_b = w[p + "intermediate.dense.bias"]
        self.down_w = w[p + "output.dense.weight"]
        self.down_b = w[p + "output.dense.bias"]
        self.ln2_w = w[p + "output.LayerNorm.weight"]
        self.ln2_b = w[p + "output.LayerNorm.bias"]
        self.heads = heads
        self.eps = eps

    def heads_of(self, x: np.ndarray) -> np.ndarray:
        b, s, d = x.shape
        return x.reshape(b, s, self.heads, d // self.heads).transpose(0, 2, 1, 3)

    def forward(self, x: np.ndarray, keep: np.ndarray) -> np.ndarray:
        b, s, d = x.shape
        q = self.heads_of(nn.linear(x, self.q_w, self.q_b))
        k = self.heads_of(nn.linear(x, self.k_w, self.k_b))
        v = self.heads_of(nn.linear(x, self.v_w, self.v_b))
        a = nn.attention(q, k, v, mask=keep[:, None, None, :])
        a = a.transpose(0, 2, 1, 3).reshape(b, s, d)
        x = nn.layer_norm(x + nn.linear(a, self.o_w, self.o_b), self.ln1_w, self.ln1_b, eps=self.eps)
        h = nn.gelu(nn.linear(x, self.up_w, self.up_b))
        return nn.layer_norm(x + nn.linear(h, self.down_w, self.down_b), self.ln2_w, self.ln2_b, eps=self.eps)


class BertEncoder(Encoder):
    """A sentence-transformers BERT folder: embed(ids) gives one vector per
    sequence of token ids."""

    def __init__(self, folder: str):
        with open(os.path.join(folder, "config.json")) as f:
            cfg = json.load(f)
        super().__init__(int(cfg["hidden_size"]))
        heads = int(cfg["num_attention_heads"])
        layers = int(cfg["num_hidden_layers"])
        self.eps = float(cfg.get("layer_norm_eps", 1e-12))
        act = str(cfg.get("hidden_act", "gelu"))
        if act != "gelu":
            raise ValueError(f"{folder}: hidden_act {act!r} is not supported (gelu is)")
        w = load_file(os.path.join(folder, "model.safetensors"))
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in w else ""
        self.word = w[prefix + "embeddings.word_embeddings.weight"]
        self.pos = w[prefix + "embeddings.position_embeddings.weight"]
        self.types = w[prefix + "embeddings.token_type_embeddings.weight"]
        self.ln_w = w[prefix + "embeddings.LayerNorm.weight"]
        self.ln_b = w[prefix + "embeddings.LayerNorm.bias"]
        self.layers = [BertLayer(w, f"{prefix}encoder.layer.{i}.", heads, self.eps) for i in range(layers)]
        self.pooling = "mean"
        self.normalize = False
        modules_path = os.path.join(folder, "modules.json")
        if os.path.exists(modules_path):
            with open(modules_path) as f:
                modules = json.load(f)
            for m in modules:
                kind = str(m["type"])
                path = str(m["path"])
                if kind.endswith("Pooling"):
                    with open(os.path.join(folder, path, "config.json")) as f:
                        pc = json.load(f)
                    if bool(pc.get("pooling_mode_cls_token", False)):
                        self.pooling = "cls"
                    elif bool(pc.get("pooling_mode_mean_tokens", False)):
                        self.pooling = "mean"
                    else:
                        raise ValueError(f"{folder}: only mean and CLS pooling are supported")
                elif kind.endswith("Normalize"):
                    self.normalize = True

    def embed(self, batch: list[list[int]]) -> np.ndarray:
        """The sentence vectors of a batch of token-id sequences (padded to
        the longest; padding is masked out)."""
        n = len(batch)
        s = 0
        for ids in batch:
            s = max(s, len(ids))
        ids_arr = np.zeros((n, s), dtype=np.int64)
        keep = np.zeros((n, s), dtype=bool)
        for i in range(n):
            row = batch[i]
            for j in range(len(row)):
                ids_arr[i, j] = row[j]
                keep[i, j] = True
        x = self.word[ids_arr] + self.pos[np.arange(s)][None, :, :] + self.types[0][None, None, :]
        x = nn.layer_norm(x, self.ln_w, self.ln_b, eps=self.eps)
        for layer in self.layers:
            x = layer.forward(x, keep)
        if self.pooling == "cls":
            out = x[:, 0, :]
        else:
            m = keep.astype(x.dtype)[:, :, None]
            out = (x * m).sum(axis=1) / np.maximum(m.sum(axis=1), 1e-9)
        if self.normalize:
            norms = np.sqrt((out * out).sum(axis=1, keepdims=True))
            out = out / np.maximum(norms, 1e-12)
        return out
