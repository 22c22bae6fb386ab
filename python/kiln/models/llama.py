"""The Llama decoder (Llama 3, SmolLM, Qwen2): RMSNorm, rotary positions with
the configured scaling (default, linear, llama3), grouped-query attention,
a SwiGLU MLP, tied or untied embeddings, q/k/v biases where the checkpoint
has them (Qwen2), loaded from a Hugging Face folder as published
(config.json, generation_config.json, model.safetensors or its shards with
model.safetensors.index.json, tokenizer.json).

The key/value cache (KVCache) is allocated once per generation for the
positions it will need, (layers, kv heads, positions, head dim): a step
writes its keys into the next rows and attends over the filled prefix, so
nothing grows per token. A cache per generation, not per model, lets two
streams of one compiled library interleave (the ABI serialises each step,
not a whole stream). A prompt is one batched pass (prefill), then each new
token one pass.
"""
import json
import math
import os

import numpy as np
from kiln import nn
from kiln.chat_template import Template
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


def rope_inv_freq(cfg: dict, head_dim: int) -> np.ndarray:
    """The rotary frequencies theta**(-2i/d), rescaled as config.json's
    rope_scaling says (float64, head_dim/2 of them)."""
    theta = float(cfg.get("rope_theta", 10000.0))
    inv = 1.0 / np.power(theta, np.arange(0, head_dim, 2, dtype=np.float64) / head_dim)
    rs = cfg.get("rope_scaling", None)
    if rs is None:
        return inv
    kind = str(rs.get("rope_type", rs.get("type", "default")))
    if kind == "default":
        return inv
    factor = float(rs.get("factor", 1.0))
    if kind == "linear":
        return inv / factor
    if kind == "llama3":
        low = float(rs.get("low_freq_factor", 1.0))
        high = float(rs.get("high_freq_factor", 4.0))
        old = float(rs.get("original_max_position_embeddings", 8192))
        low_wavelen = old / low
        high_wavelen = old / high
        wavelen = 2.0 * math.pi / inv
        scaled = np.where(wavelen > low_wavelen, inv / factor, inv)
        smooth = (old / wavelen - low) / (high - low)
        smoothed = (1.0 - smooth) * scaled / factor + smooth * scaled
        medium = (wavelen >= high_wavelen) & (wavelen <= low_wavelen)
        return np.where(medium, smoothed, scaled)
    raise ValueError(f"rope_scaling type {kind!r} is not supported (default, linear and llama3 are)")


def rotate(x: np.ndarray, cos: np.ndarray, sin: np.ndarray) -> np.ndarray:
    """Rotate-half RoPE: x is (heads, seq, dim), cos and sin (seq, dim/2)."""
    half = x.shape[2] // 2
    a = x[:, :, :half]
    b = x[:, :, half:]
    return np.concatenate([a * cos - b * sin, b * cos + a * sin], axis=-1)


class LlamaLayer:
    def __init__(self, w: dict[str, np.ndarray], p: str, heads: int, kv_heads: int, head_dim: int, eps: float):
        self.ln1 = w[p + "input_layernorm.weight"]
        self.ln2 = w[p + "post_attention_layernorm.weight"]
        self.q_w = w[p + "self_attn.q_proj.weight"]
        self.k_w = w[p + "self_attn.k_proj.weight"]
        self.v_w = w[p + "self_attn.v_proj.weight"]
        self.o_w = w[p + "self_attn.o_proj.weight"]
        # Qwen2 has q/k/v biases; the others add zeros (exact, and one code path).
        self.q_b = bias_of(w, p + "self_attn.q_proj.bias", heads * head_dim)
        self.k_b = bias_of(w, p + "self_attn.k_proj.bias", kv_heads * head_dim)
        self.v_b = bias_of(w, p + "self_attn.v_proj.bias", kv_heads * head_dim)
        self.gate_w = w[p + "mlp.gate_proj.weight"]
        self.up_w = w[p + "mlp.up_proj.weight"]
        self.down_w = w[p + "mlp.down_proj.weight"]
        self.heads = heads
        self.kv_heads = kv_heads
        self.head_dim = head_dim
        self.eps = eps

    def forward(self, x: np.ndarray, cos: np.ndarray, sin: np.ndarray, kc: np.ndarray, vc: np.ndarray,
                n: int) -> np.ndarray:
        """x (seq, hidden) at positions n..n+seq; kc and vc this layer's
        cache (kv heads, max_len, head dim), rows n..n+seq written here."""
        s = x.shape[0]
        hd = self.head_dim
        h = nn.rms_norm(x, self.ln1, eps=self.eps)
        q = nn.linear(h, self.q_w, self.q_b).reshape(s, self.heads, hd).transpose(1, 0, 2)
        k = nn.linear(h, self.k_w, self.k_b).reshape(s, self.kv_heads, hd).transpose(1, 0, 2)
        v = nn.linear(h, self.v_w, self.v_b).reshape(s, self.kv_heads, hd).transpose(1, 0, 2)
        kc[:, n:n + s, :] = rotate(k, cos, sin)
        vc[:, n:n + s, :] = v
        a = nn.attention(rotate(q, cos, sin), kc[:, :n + s, :], vc[:, :n + s, :], causal=True)
        x = x + nn.linear(a.transpose(1, 0, 2).reshape(s, self.heads * hd), self.o_w)
        h = nn.rms_norm(x, self.ln2, eps=self.eps)
        g = nn.silu(nn.linear(h, self.gate_w)) * nn.linear(h, self.up_w)
        return x + nn.linear(g, self.down_w)


def bias_of(w: dict[str, np.ndarray], name: str, size: int) -> np.ndarray:
    if name in w:
        return w[name]
    return np.zeros(size, dtype=np.float32)


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


class Llama:
    """A Llama-architecture checkpoint folder: forward(cache, ids) runs the
    next tokens through the model and the cache, and gives the logits after
    the last one."""

    def __init__(self, folder: str, max_len: int = 2048):
        with open(os.path.join(folder, "config.json")) as f:
            cfg = json.load(f)
        kind = str(cfg.get("model_type", "llama"))
        if kind != "llama" and kind != "qwen2" and kind != "mistral":
            raise ValueError(f"{folder}: model_type {kind!r} is not a Llama-architecture decoder")
        if str(cfg.get("hidden_act", "silu")) != "silu":
            raise ValueError(f"{folder}: hidden_act {str(cfg.get('hidden_act'))!r} is not supported (silu is)")
        self.folder = folder
        self.hidden = int(cfg["hidden_size"])
        self.heads = int(cfg["num_attention_heads"])
        self.kv_heads = int(cfg.get("num_key_value_heads", self.heads))
        hd = cfg.get("head_dim", None)
        self.head_dim = self.hidden // self.heads if hd is None else int(hd)
        self.eps = float(cfg.get("rms_norm_eps", 1e-6))
        self.vocab = int(cfg["vocab_size"])
        n_layers = int(cfg["num_hidden_layers"])
        self.max_len = min(max_len, int(cfg.get("max_position_embeddings", max_len)))
        w = load_weights(folder)
        self.embed = w["model.embed_tokens.weight"]
        self.norm_w = w["model.norm.weight"]
        if "lm_head.weight" in w and not bool(cfg.get("tie_word_embeddings", False)):
            self.lm_head = w["lm_head.weight"]
        else:
            self.lm_head = self.embed
        self.layers = [LlamaLayer(w, f"model.layers.{i}.", self.heads, self.kv_heads, self.head_dim, self.eps)
                       for i in range(n_layers)]
        inv = rope_inv_freq(cfg, self.head_dim)
        ang = np.arange(self.max_len, dtype=np.float64)[:, None] * inv[None, :]
        self.cos = np.cos(ang).astype(np.float32)
        self.sin = np.sin(ang).astype(np.float32)
        self.eos = id_list(cfg.get("eos_token_id", None))
        self.bos = id_list(cfg.get("bos_token_id", None))
        gen_path = os.path.join(folder, "generation_config.json")
        if os.path.exists(gen_path):
            with open(gen_path) as f:
                gen = json.load(f)
            for e in id_list(gen.get("eos_token_id", None)):
                if e not in self.eos:
                    self.eos.append(e)
        self.tokenizer = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))
        self.special: dict[str, str] = {}
        self.template_source = ""
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
        return KVCache(len(self.layers), self.kv_heads, max(1, min(size, self.max_len)), self.head_dim)

    def forward(self, cache: KVCache, ids: list[int]) -> np.ndarray:
        """The logits (vocab,) after ids, which follow what the cache holds."""
        s = len(ids)
        n = cache.n
        if s == 0:
            raise ValueError("Llama.forward: no tokens")
        if n + s > cache.size:
            raise ValueError(f"Llama.forward: {n + s} positions do not fit the cache of {cache.size} "
                             f"(the context is {self.max_len})")
        for t in ids:
            if t < 0 or t >= self.vocab:
                raise ValueError(f"Llama.forward: token id {t} is outside the vocabulary of {self.vocab}")
        x = self.embed[np.array(ids, dtype=np.int64)].astype(np.float32)
        cos = self.cos[n:n + s]
        sin = self.sin[n:n + s]
        for i in range(len(self.layers)):
            x = self.layers[i].forward(x, cos, sin, cache.k[i], cache.v[i], n)
        cache.n = n + s
        h = nn.rms_norm(x[s - 1:], self.norm_w, eps=self.eps)
        return nn.linear(h, self.lm_head)[0].astype(np.float32)
