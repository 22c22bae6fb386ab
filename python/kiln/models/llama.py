"""The Llama decoder (Llama 3, SmolLM, Qwen2): RMSNorm, rotary positions with
the configured scaling (default, linear, llama3), grouped-query attention,
a SwiGLU MLP, tied or untied embeddings, q/k/v biases where the checkpoint
has them (Qwen2), loaded from a Hugging Face folder as published
(config.json, generation_config.json, model.safetensors or its shards with
model.safetensors.index.json, tokenizer.json).

The cache and what decoders share are in kiln.models.decoder. A prompt is
one batched pass (prefill), then each new token one pass.
"""
import json
import math
import os

import numpy as np
from kiln import nn
from kiln.gguf import load_metadata, tensor_type
from kiln.models.decoder import Decoder, KVCache, load_weights
from kiln.models.ggufmodel import gguf_config, gguf_file, gguf_weights


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


class LlamaLayer:
    def __init__(self, w: dict[str, np.ndarray], p: str, heads: int, kv_heads: int, head_dim: int, eps: float,
                 permuted: bool):
        self.ln1 = w[p + "input_layernorm.weight"]
        self.ln2 = w[p + "post_attention_layernorm.weight"]
        self.o_w = w[p + "self_attn.o_proj.weight"]
        # Qwen2 has q/k/v biases; the others add zeros (exact, and one code path).
        self.qkv_b = np.concatenate([bias_of(w, p + "self_attn.q_proj.bias", heads * head_dim),
                                     bias_of(w, p + "self_attn.k_proj.bias", kv_heads * head_dim),
                                     bias_of(w, p + "self_attn.v_proj.bias", kv_heads * head_dim)])
        # q, k and v are one product, gate and up another (join_rows): each
        # group is one pass over the input and one hand-off to the threads
        # (decoding reads each weight once per token: fewer, larger
        # matrix-vector products keep both cores streaming).
        self.qkv_w = join_rows([w[p + "self_attn.q_proj.weight"], w[p + "self_attn.k_proj.weight"],
                                w[p + "self_attn.v_proj.weight"]])
        gate_w = w[p + "mlp.gate_proj.weight"]
        self.gate_up_w = join_rows([gate_w, w[p + "mlp.up_proj.weight"]])
        self.down_w = w[p + "mlp.down_proj.weight"]
        self.inter = int(gate_w.shape[0])
        self.heads = heads
        self.kv_heads = kv_heads
        self.head_dim = head_dim
        self.eps = eps
        self.permuted = permuted  # q/k rows in llama.cpp's order (a GGUF "llama"): interleaved pairs

    def forward(self, x: np.ndarray, cos: np.ndarray, sin: np.ndarray, kc: np.ndarray, vc: np.ndarray,
                n: int) -> np.ndarray:
        """x (seq, hidden) at positions n..n+seq; kc and vc this layer's
        cache (kv heads, max_len, head dim), rows n..n+seq written here."""
        s = x.shape[0]
        hd = self.head_dim
        h = nn.rms_norm(x, self.ln1, eps=self.eps)
        nq = self.heads * hd
        nk = self.kv_heads * hd
        qkv = nn.linear(h, self.qkv_w, self.qkv_b)
        q = qkv[:, :nq]
        k = qkv[:, nq:nq + nk]
        v = qkv[:, nq + nk:]
        # A GGUF "llama" has its q and k rows in llama.cpp's order, where
        # the pairs (2i, 2i+1) of a head turn together: they stay in that
        # order, rotated as pairs, and so do the cached keys (q.k is the
        # same sum whatever order the dimensions are in).
        q = nn.apply_rope(q.reshape(s, self.heads, hd).transpose(1, 0, 2), cos, sin, self.permuted)
        kc[:, n:n + s, :] = nn.apply_rope(k.reshape(s, self.kv_heads, hd).transpose(1, 0, 2), cos, sin, self.permuted)
        vc[:, n:n + s, :] = v.reshape(s, self.kv_heads, hd).transpose(1, 0, 2)
        a = nn.attention(q, kc[:, :n + s, :], vc[:, :n + s, :], causal=True)
        x = x + nn.linear(a.transpose(1, 0, 2).reshape(s, self.heads * hd), self.o_w)
        h = nn.rms_norm(x, self.ln2, eps=self.eps)
        gu = nn.linear(h, self.gate_up_w)
        g = nn.silu(gu[:, :self.inter]) * gu[:, self.inter:]
        return x + nn.linear(g, self.down_w)


def join_rows(ws: list[np.ndarray]) -> list[np.ndarray]:
    """Weights whose outputs are used side by side, as the list nn.linear
    joins the outputs of: float weights become one matrix at load (a copy
    out of the mapped file, the same bytes); quantised ones (GGUF blocks,
    possibly of different types) stay where the file maps them, and
    nn.linear runs them as one product over the rounded input."""
    for a in ws:
        if tensor_type(a)[0] == "Q":
            return ws
    return [np.concatenate(ws, axis=0)]


def bias_of(w: dict[str, np.ndarray], name: str, size: int) -> np.ndarray:
    if name in w:
        return w[name]
    return np.zeros(size, dtype=np.float32)


class Llama(Decoder):
    """A Llama-architecture checkpoint folder, or a GGUF file
    (kiln.models.ggufmodel)."""

    def __init__(self, folder: str, max_len: int = 2048):
        path = gguf_file(folder)
        if path != "":
            cfg = json.loads(gguf_config(load_metadata(path), path))
        else:
            with open(os.path.join(folder, "config.json")) as f:
                cfg = json.load(f)
        kind = str(cfg.get("model_type", "llama"))
        if kind != "llama" and kind != "qwen2" and kind != "mistral":
            raise ValueError(f"{folder}: model_type {kind!r} is not a Llama-architecture decoder")
        if str(cfg.get("hidden_act", "silu")) != "silu":
            raise ValueError(f"{folder}: hidden_act {str(cfg.get('hidden_act'))!r} is not supported (silu is)")
        hidden = int(cfg["hidden_size"])
        heads = int(cfg["num_attention_heads"])
        kv_heads = int(cfg.get("num_key_value_heads", heads))
        hd = cfg.get("head_dim", None)
        head_dim = hidden // heads if hd is None else int(hd)
        n_layers = int(cfg["num_hidden_layers"])
        super().__init__(folder, n_layers, kv_heads, head_dim,
                         min(max_len, int(cfg.get("max_position_embeddings", max_len))))
        self.heads = heads
        self.eps = float(cfg.get("rms_norm_eps", 1e-6))
        self.vocab = int(cfg["vocab_size"])
        w = load_weights(folder) if path == "" else gguf_weights(path, n_layers)
        self.embed = w["model.embed_tokens.weight"]
        self.norm_w = w["model.norm.weight"]
        if "lm_head.weight" in w and not bool(cfg.get("tie_word_embeddings", False)):
            self.lm_head = w["lm_head.weight"]
        else:
            self.lm_head = self.embed
        permuted = path != "" and kind != "qwen2"
        self.layers = [LlamaLayer(w, f"model.layers.{i}.", self.heads, self.kv_heads, self.head_dim, self.eps,
                                  permuted) for i in range(n_layers)]
        inv = rope_inv_freq(cfg, self.head_dim)
        ang = np.arange(self.max_len, dtype=np.float64)[:, None] * inv[None, :]
        self.cos = np.cos(ang).astype(np.float32)
        self.sin = np.sin(ang).astype(np.float32)
        self.load_text(cfg)

    def forward(self, cache: KVCache, ids: list[int]) -> np.ndarray:
        """The logits (vocab,) after ids, which follow what the cache holds."""
        self.check_ids(cache, ids, self.vocab)
        s = len(ids)
        n = cache.n
        x = nn.get_rows(self.embed, np.array(ids, dtype=np.int64))
        cos = self.cos[n:n + s]
        sin = self.sin[n:n + s]
        for i in range(len(self.layers)):
            x = self.layers[i].forward(x, cos, sin, cache.k[i], cache.v[i], n)
        cache.n = n + s
        h = nn.rms_norm(x[s - 1:], self.norm_w, eps=self.eps)
        return nn.linear(h, self.lm_head)[0].astype(np.float32)
