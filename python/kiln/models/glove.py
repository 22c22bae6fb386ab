"""Average word embeddings (sentence-transformers' WordEmbeddings + mean
Pooling), as the GloVe model folder scripts/glove_model.py builds:
0_WordEmbeddings/ holds the vocabulary (whitespacetokenizer_config.json) and
emb_layer.weight (model.safetensors); a text's vector is the mean of its
known words' vectors."""
import json
import os
import string

import numpy as np
from kiln.models.base import Encoder
from safetensors.numpy import load_file


class GloveEncoder(Encoder):
    def __init__(self, folder: str):
        sub = os.path.join(folder, "0_WordEmbeddings")
        with open(os.path.join(sub, "whitespacetokenizer_config.json")) as f:
            cfg = json.load(f)
        self.lower = bool(cfg.get("do_lower_case", False))
        self.stop: set[str] = set()
        for w in cfg.get("stop_words", []):
            self.stop.add(str(w))
        self.word2idx: dict[str, int] = {}
        i = 0
        for w in cfg["vocab"]:
            self.word2idx[str(w)] = i
            i += 1
        self.emb = load_file(os.path.join(sub, "model.safetensors"))["emb_layer.weight"]
        super().__init__(int(self.emb.shape[1]))

    def tokenize(self, text: str) -> list[int]:
        """sentence-transformers' WhitespaceTokenizer: split on whitespace;
        a word not in the vocabulary is tried without surrounding
        punctuation, then lowercased; unknown words are dropped."""
        if self.lower:
            text = text.lower()
        ids: list[int] = []
        for token in text.split():
            if token in self.stop:
                continue
            if token in self.word2idx:
                ids.append(self.word2idx[token])
                continue
            token = token.strip(string.punctuation)
            if token in self.stop:
                continue
            if len(token) > 0 and token in self.word2idx:
                ids.append(self.word2idx[token])
                continue
            token = token.lower()
            if token in self.stop:
                continue
            if token in self.word2idx:
                ids.append(self.word2idx[token])
        return ids

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i in range(len(texts)):
            ids = self.tokenize(self.prompt + texts[i])
            if len(ids) > 0:
                out[i] = self.emb[np.array(ids, dtype=np.int64)].mean(axis=0)
        return self.finish(out)
