"""What every kiln.models decoder shares: loading a Hugging Face folder's
weights (model.safetensors or its shards), its end-of-sequence ids
(config.json and generation_config.json), its tokenizer and chat template
(tokenizer.json, tokenizer_config.json or chat_template.jinja); the
key/value cache.

The key/value cache (KVCache) is allocated once per generation for the
positions it will need, (layers, kv heads, positions, head dim): a step
writes its keys into the next rows and attends over the filled prefix, so
nothing grows per token. A cache per generation, not per model, lets two
streams of one compiled library interleave (the ABI serialises each step,
not a whole stream).
"""
import json
import os

import numpy as np
from kiln.chat_template import Template
from kiln.gguf import load_metadata
from kiln.models.ggufmodel import gguf_file, gguf_special, gguf_tokenizer_json
from safetensors.numpy import load_file
from tokenizers import Tokenizer


def load_weights(folder: str) -> dict[str, np.ndarray]:
    """Every tensor of a folder's model.safetensors, or of the shards its
    model.safetensors.index.json lists."""
    single = os.path.join(folder, "model.safetensors")
    if os.path.exists(single):
        return load_file(single)
    index_path = os.path.join(folder, "model.safetensors.index.json")
    if not os.path.exists(index_path):
        raise ValueError(f"{folder}: no model.safetensors or model.safetensors.index.json")
    with open(index_path) as f:
        index = json.load(f)
    shards: list[str] = []
    for name in index["weight_map"]:
        shard = str(index["weight_map"][name])
        if shard not in shards:
            shards.append(shard)
    w: dict[str, np.ndarray] = {}
    for shard in shards:
        part = load_file(os.path.join(folder, shard))
        for name in part:
            w[name] = part[name]
    return w


def json_text_wide_ints(text: str) -> str:
    """JSON text with every integer beyond 64 bits turned into a string.
    kiln's ints are 64-bit, and tokenizer_config.json files carry values
    such as model_max_length 1000000000000000019884624838656, which no field
    read here needs; quoting them lets the file load compiled as under
    CPython (where the reader sees a str for them in both)."""
    out: list[str] = []
    start = 0
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
        elif c.isdigit() and (i == 0 or not text[i - 1].isdigit()):
            j = i
            while j < n and text[j].isdigit():
                j += 1
            run = text[i:j]
            is_int = (i == 0 or text[i - 1] != ".") and (j == n or text[j] not in ".eE")
            if is_int and (j - i > 19 or (j - i == 19 and run > "9223372036854775807")):
                out.append(text[start:i])
                out.append('"' + run + '"')
                start = j
            i = j
        else:
            i += 1
    out.append(text[start:])
    return "".join(out)


def token_text(v) -> str:
    """A special token of tokenizer_config.json: a str, or {"content": str}."""
    if v is None:
        return ""
    if isinstance(v, str):
        return str(v)
    return str(v["content"])


def load_chat_template(folder: str, cfg) -> str:
    """The folder's chat template: chat_template.jinja, or tokenizer_config's
    chat_template (a str, or a list of named ones: "default")."""
    path = os.path.join(folder, "chat_template.jinja")
    if os.path.exists(path):
        with open(path) as f:
            return f.read()
    t = cfg.get("chat_template", None)
    if t is None:
        return ""
    if isinstance(t, str):
        return str(t)
    for named in t:
        if str(named["name"]) == "default":
            return str(named["template"])
    return ""


def id_list(v) -> list[int]:
    """An id or a list of ids from a JSON config, as a list."""
    out: list[int] = []
    if v is None:
        return out
    if isinstance(v, list):
        for x in v:
            out.append(int(x))
        return out
    out.append(int(v))
    return out


class KVCache:
    """Keys and values of the positions so far: k and v are (layers, kv
    heads, size, head dim), rows [0, n) filled."""

    def __init__(self, layers: int, kv_heads: int, size: int, head_dim: int):
        self.k = np.zeros((layers, kv_heads, size, head_dim), dtype=np.float32)
        self.v = np.zeros((layers, kv_heads, size, head_dim), dtype=np.float32)
        self.size = size
        self.n = 0


class Decoder:
    """A decoder-only language model: forward(cache, ids) runs the next
    tokens through the model and the cache and gives the logits (vocab,)
    after the last one. Subclasses load the weights; load_text the rest."""

    def __init__(self, folder: str, n_layers: int, kv_heads: int, head_dim: int, max_len: int):
        self.folder = folder
        self.n_layers = n_layers
        self.kv_heads = kv_heads
        self.head_dim = head_dim
        self.max_len = max_len
        self.eos: list[int] = []
        self.special: dict[str, str] = {}
        self.template_source = ""
        self.template = Template("")
        self.gguf = gguf_file(folder)  # a GGUF checkpoint (kiln.models.ggufmodel), or ""
        if self.gguf != "":  # the tokenizer, special tokens and template from the metadata
            meta = load_metadata(self.gguf)
            self.tokenizer = Tokenizer.from_str(gguf_tokenizer_json(meta, self.gguf))
            self.special = gguf_special(meta)
            if "tokenizer.chat_template" in meta:
                self.template_source = str(meta["tokenizer.chat_template"])
        else:
            self.tokenizer = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))

    def load_text(self, cfg) -> None:
        """The end ids (config.json's, then generation_config.json's), the
        special tokens and the chat template."""
        folder = self.folder
        self.eos = id_list(cfg.get("eos_token_id", None))
        gen_path = os.path.join(folder, "generation_config.json")
        if os.path.exists(gen_path):
            with open(gen_path) as f:
                gen = json.load(f)
            for e in id_list(gen.get("eos_token_id", None)):
                if e not in self.eos:
                    self.eos.append(e)
        tc_path = os.path.join(folder, "tokenizer_config.json")
        if os.path.exists(tc_path):
            with open(tc_path) as f:
                tc = json.loads(json_text_wide_ints(f.read()))
            for key in ["bos_token", "eos_token", "unk_token", "pad_token"]:
                if key in tc:
                    self.special[key] = token_text(tc[key])
            self.template_source = load_chat_template(folder, tc)
        self.template = Template(self.template_source)

    def new_cache(self, size: int) -> KVCache:
        """An empty cache for size positions (at most the context length)."""
        return KVCache(self.n_layers, self.kv_heads, max(1, min(size, self.max_len)), self.head_dim)

    def forward(self, cache: KVCache, ids: list[int]) -> np.ndarray:
        raise NotImplementedError("a Decoder subclass runs the model")

    def check_ids(self, cache: KVCache, ids: list[int], vocab: int) -> None:
        """The errors forward() gives for ids that do not fit."""
        if len(ids) == 0:
            raise ValueError("forward: no tokens")
        if cache.n + len(ids) > cache.size:
            raise ValueError(f"forward: {cache.n + len(ids)} positions do not fit the cache of {cache.size} "
                             f"(the context is {self.max_len})")
        for t in ids:
            if t < 0 or t >= vocab:
                raise ValueError(f"forward: token id {t} is outside the vocabulary of {vocab}")
