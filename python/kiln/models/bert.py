"""BERT-family sentence encoders (sentence-transformers/all-MiniLM-L6-v2,
BAAI/bge-small-en-v1.5): a BertModel, then the folder's Pooling (mean or CLS)
and Normalize modules, loaded from a sentence-transformers model folder as
published (config.json, model.safetensors with the original tensor names,
modules.json, 1_Pooling/config.json, sentence_bert_config.json,
tokenizer.json)."""
import json
import os
from typing import Optional

import numpy as np
from kiln import nn
from kiln.models.base import Encoder, SentenceModules
from safetensors.numpy import load_file
from tokenizers import Tokenizer


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
    """A sentence-transformers BERT folder: embed_texts tokenizes with the
    folder's tokenizer.json (truncated at max_seq_length, padded to the
    longest text of the batch) and runs BertModel, Pooling and Normalize;
    embed(ids) does the same from token ids."""

    def __init__(self, folder: str):
        with open(os.path.join(folder, "config.json")) as f:
            cfg = json.load(f)
        hidden = int(cfg["hidden_size"])
        heads = int(cfg["num_attention_heads"])
        layers = int(cfg["num_hidden_layers"])
        self.eps = float(cfg.get("layer_norm_eps", 1e-12))
        act = str(cfg.get("hidden_act", "gelu"))
        if act != "gelu":
            raise ValueError(f"{folder}: hidden_act {act!r} is not supported (gelu is)")
        if hidden % heads != 0:
            raise ValueError(f"{folder}: hidden_size {hidden} is not a multiple of num_attention_heads {heads}")
        w = load_file(os.path.join(folder, "model.safetensors"))
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in w else ""
        self.word = w[prefix + "embeddings.word_embeddings.weight"]
        self.pos = w[prefix + "embeddings.position_embeddings.weight"]
        self.types = w[prefix + "embeddings.token_type_embeddings.weight"]
        self.ln_w = w[prefix + "embeddings.LayerNorm.weight"]
        self.ln_b = w[prefix + "embeddings.LayerNorm.bias"]
        self.layers = [BertLayer(w, f"{prefix}encoder.layer.{i}.", heads, self.eps) for i in range(layers)]
        self.head = SentenceModules(folder, hidden, int(self.pos.shape[0]))
        super().__init__(self.head.dim)
        self.prompts = self.head.prompts
        self.prompt = self.head.default_prompt
        self.folder = folder
        self.pad_id = int(cfg.get("pad_token_id", 0))
        self.tok: Optional[Tokenizer] = None
        if os.path.exists(os.path.join(folder, "tokenizer.json")):
            tok = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))
            tok.enable_truncation(max_length=self.head.max_seq_length)
            tok.enable_padding(pad_id=self.pad_id)
            self.tok = tok

    def forward(self, ids: np.ndarray, types: np.ndarray, keep: np.ndarray, pool: np.ndarray) -> np.ndarray:
        """Sentence vectors from token ids, token type ids, the attention
        mask and the pooling mask, each (batch, seq)."""
        s = int(ids.shape[1])
        x = self.word[ids] + self.pos[np.arange(s)][None, :, :] + self.types[types]
        x = nn.layer_norm(x, self.ln_w, self.ln_b, eps=self.eps)
        for layer in self.layers:
            x = layer.forward(x, keep)
        return self.head.apply(x, pool)

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
        return self.finish(self.forward(ids_arr, np.zeros((n, s), dtype=np.int64), keep, keep))

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        tok = self.tok
        if tok is None:
            raise ValueError(f"{self.folder}: no tokenizer.json to embed texts with")
        if len(texts) == 0:
            return np.zeros((0, self.dim), dtype=np.float32)
        encs = tok.encode_batch([self.prompt + t for t in texts])
        n = len(encs)
        s = len(encs[0].ids)
        ids = np.zeros((n, s), dtype=np.int64)
        types = np.zeros((n, s), dtype=np.int64)
        keep = np.zeros((n, s), dtype=bool)
        for i in range(n):
            ids[i] = np.array(encs[i].ids, dtype=np.int64)
            types[i] = np.array(encs[i].type_ids, dtype=np.int64)
            keep[i] = np.array(encs[i].attention_mask, dtype=np.int64) != 0
        return self.finish(self.forward(ids, types, keep, self.head.pooling_mask(tok, self.prompt, keep)))
