"""The Gemma 3 text decoder (Gemma3ForCausalLM: model_type "gemma3_text", or
the text half of a "gemma3" checkpoint, whose tensors are under
language_model.model. or model.language_model.): embeddings scaled by sqrt(hidden), RMSNorm scaling by
(1 + weight), RMS-normed queries and keys per head, attention scaled by
query_pre_attn_scalar**-0.5, sliding-window layers (rope_local_base_freq,
window sliding_window) between global ones (rope_theta with rope_scaling),
norms before and after both the attention and the GELU-tanh gated MLP, tied
embeddings, and final logit soft-capping when configured.

Which layers slide: config.json's layer_types list, else every layer but
each sliding_window_pattern-th (Gemma 3's 5 local : 1 global).
"""
import json
import math
import os

import numpy as np
from kiln import nn
from kiln.models.decoder import Decoder, KVCache, load_weights
from kiln.models.llama import rope_inv_freq


class Gemma3Layer:
    def __init__(self, w: dict[str, np.ndarray], p: str, heads: int, kv_heads: int, head_dim: int, eps: float,
                 window: int, scale: float):
        self.ln_in = w[p + "input_layernorm.weight"]
        self.ln_post_attn = w[p + "post_attention_layernorm.weight"]
        self.ln_pre_ff = w[p + "pre_feedforward_layernorm.weight"]
        self.ln_post_ff = w[p + "post_feedforward_layernorm.weight"]
        # q/k/v and gate/up as one matrix each, as in llama.py: fewer, larger GEMVs per token
        self.qkv_w = np.concatenate([w[p + "self_attn.q_proj.weight"], w[p + "self_attn.k_proj.weight"],
                                     w[p + "self_attn.v_proj.weight"]], axis=0)
        self.o_w = w[p + "self_attn.o_proj.weight"]
        self.q_norm = w[p + "self_attn.q_norm.weight"]
        self.k_norm = w[p + "self_attn.k_norm.weight"]
        self.gate_up_w = np.concatenate([w[p + "mlp.gate_proj.weight"], w[p + "mlp.up_proj.weight"]], axis=0)
        self.inter = int(w[p + "mlp.gate_proj.weight"].shape[0])
        self.down_w = w[p + "mlp.down_proj.weight"]
        self.heads = heads
        self.kv_heads = kv_heads
        self.head_dim = head_dim
        self.eps = eps
        self.window = window  # 0: a global layer
        self.scale = scale

    def forward(self, x: np.ndarray, cos: np.ndarray, sin: np.ndarray, kc: np.ndarray, vc: np.ndarray,
                n: int) -> np.ndarray:
        s = x.shape[0]
        hd = self.head_dim
        h = nn.rms_norm(x, self.ln_in, eps=self.eps, offset=1.0)
        nq = self.heads * hd
        nk = self.kv_heads * hd
        qkv = nn.linear(h, self.qkv_w)
        q = qkv[:, :nq].reshape(s, self.heads, hd).transpose(1, 0, 2)
        k = qkv[:, nq:nq + nk].reshape(s, self.kv_heads, hd).transpose(1, 0, 2)
        v = qkv[:, nq + nk:].reshape(s, self.kv_heads, hd).transpose(1, 0, 2)
        q = nn.apply_rope(nn.rms_norm(q, self.q_norm, eps=self.eps, offset=1.0), cos, sin)
        kc[:, n:n + s, :] = nn.apply_rope(nn.rms_norm(k, self.k_norm, eps=self.eps, offset=1.0), cos, sin)
        vc[:, n:n + s, :] = v
        a = nn.attention(q, kc[:, :n + s, :], vc[:, :n + s, :], causal=True, window=self.window, scale=self.scale)
        a = nn.linear(a.transpose(1, 0, 2).reshape(s, self.heads * hd), self.o_w)
        x = x + nn.rms_norm(a, self.ln_post_attn, eps=self.eps, offset=1.0)
        h = nn.rms_norm(x, self.ln_pre_ff, eps=self.eps, offset=1.0)
        gu = nn.linear(h, self.gate_up_w)
        g = nn.gelu(gu[:, :self.inter], approximate="tanh") * gu[:, self.inter:]
        return x + nn.rms_norm(nn.linear(g, self.down_w), self.ln_post_ff, eps=self.eps, offset=1.0)


class Gemma3(Decoder):
    """A Gemma 3 checkpoint folder."""

    def __init__(self, folder: str, max_len: int = 2048):
        with open(os.path.join(folder, "config.json")) as f:
            top = json.load(f)
        kind = str(top.get("model_type", ""))
        cfg = top
        prefix = "model."
        if kind == "gemma3":
            cfg = top["text_config"]
            prefix = "language_model.model."
        elif kind != "gemma3_text":
            raise ValueError(f"{folder}: model_type {kind!r} is not a Gemma 3 decoder")
        act = str(cfg.get("hidden_activation", "gelu_pytorch_tanh"))
        if act != "gelu_pytorch_tanh":
            raise ValueError(f"{folder}: hidden_activation {act!r} is not supported (gelu_pytorch_tanh is)")
        if cfg.get("attn_logit_softcapping", None) is not None:
            raise ValueError(f"{folder}: attn_logit_softcapping is not supported (Gemma 3 has none)")
        hidden = int(cfg["hidden_size"])
        heads = int(cfg["num_attention_heads"])
        kv_heads = int(cfg.get("num_key_value_heads", heads))
        head_dim = int(cfg.get("head_dim", 256))
        n_layers = int(cfg["num_hidden_layers"])
        super().__init__(folder, n_layers, kv_heads, head_dim,
                         min(max_len, int(cfg.get("max_position_embeddings", max_len))))
        self.eps = float(cfg.get("rms_norm_eps", 1e-6))
        self.vocab = int(cfg["vocab_size"])
        self.embed_scale = math.sqrt(float(hidden))
        cap = cfg.get("final_logit_softcapping", None)
        self.softcap = 0.0 if cap is None else float(cap)
        scale = float(cfg.get("query_pre_attn_scalar", head_dim)) ** -0.5
        window = int(cfg.get("sliding_window", 4096))
        pattern = int(cfg.get("sliding_window_pattern", 6))
        types: list[str] = []
        lt = cfg.get("layer_types", None)
        if lt is not None:
            for t in lt:
                types.append(str(t))
        else:
            for i in range(n_layers):
                types.append("full_attention" if (i + 1) % pattern == 0 else "sliding_attention")
        if len(types) != n_layers:
            raise ValueError(f"{folder}: layer_types lists {len(types)} layers, not {n_layers}")
        w = load_weights(folder)
        if kind == "gemma3" and prefix + "embed_tokens.weight" not in w:
            prefix = "model.language_model."  # as transformers 4.52 and later save it
        self.embed = w[prefix + "embed_tokens.weight"]
        self.norm_w = w[prefix + "norm.weight"]
        self.layers: list[Gemma3Layer] = []
        self.local: list[bool] = []
        for i in range(n_layers):
            local = types[i] == "sliding_attention"
            self.local.append(local)
            self.layers.append(Gemma3Layer(w, f"{prefix}layers.{i}.", heads, kv_heads, head_dim, self.eps,
                                           window if local else 0, scale))
        theta_l = float(cfg.get("rope_local_base_freq", 10000.0))
        inv_g = rope_inv_freq(cfg, head_dim)
        inv_l = 1.0 / np.power(theta_l, np.arange(0, head_dim, 2, dtype=np.float64) / head_dim)
        pos = np.arange(self.max_len, dtype=np.float64)[:, None]
        self.cos_g = np.cos(pos * inv_g[None, :]).astype(np.float32)
        self.sin_g = np.sin(pos * inv_g[None, :]).astype(np.float32)
        self.cos_l = np.cos(pos * inv_l[None, :]).astype(np.float32)
        self.sin_l = np.sin(pos * inv_l[None, :]).astype(np.float32)
        self.load_text(cfg if kind == "gemma3_text" else top)

    def forward(self, cache: KVCache, ids: list[int]) -> np.ndarray:
        """The logits (vocab,) after ids, which follow what the cache holds."""
        self.check_ids(cache, ids, self.vocab)
        s = len(ids)
        n = cache.n
        x = self.embed[np.array(ids, dtype=np.int64)].astype(np.float32) * np.float32(self.embed_scale)
        for i in range(len(self.layers)):
            if self.local[i]:
                x = self.layers[i].forward(x, self.cos_l[n:n + s], self.sin_l[n:n + s], cache.k[i], cache.v[i], n)
            else:
                x = self.layers[i].forward(x, self.cos_g[n:n + s], self.sin_g[n:n + s], cache.k[i], cache.v[i], n)
        cache.n = n + s
        h = nn.rms_norm(x[s - 1:], self.norm_w, eps=self.eps, offset=1.0)
        logits = nn.linear(h, self.embed)[0].astype(np.float32)
        if self.softcap > 0.0:
            c = np.float32(self.softcap)
            logits = np.tanh(logits / c) * c
        return logits
