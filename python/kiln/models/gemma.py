"""EmbeddingGemma (google/embeddinggemma-300m): the Gemma 3 text backbone
used bidirectionally, then sentence-transformers' mean Pooling, two Dense
layers (2_Dense, 3_Dense) and Normalize, loaded from the folder as
published (config.json with model_type "gemma3_text", model.safetensors
with the original tensor names, with or without a "model." prefix).

A layer: RMSNorm x*(1+w) before attention; q, k, v projections with
grouped-query heads; RMSNorm of each query and key head; RoPE with
rope_local_base_freq on sliding-window layers and rope_theta on global ones;
attention scaled by query_pre_attn_scalar**-0.5, every token seeing every
other (global layers) or those less than sliding_window//2 + 1 positions
away on either side (sliding layers: transformers' bidirectional window);
RMSNorm after attention, residual; then RMSNorm, the gated MLP
down(gelu_tanh(gate(x)) * up(x)), RMSNorm, residual. Embeddings are
scaled by sqrt(hidden_size) and the last layer is followed by a final
RMSNorm. layer_types names each layer's kind; older configs give
sliding_window_pattern (every n-th layer global) instead.

Activations are float32 whatever the weights' dtype. A checkpoint stored in
bfloat16 computes its projections as PyTorch's bfloat16 Linear does: inputs
rounded to bfloat16, products summed in float32 (nn.linear's bf16=True,
twice float32's rate on CPUs with bfloat16 dot products)."""
import json
import math
import os

import numpy as np
from kiln import nn
from kiln.models.base import Encoder, SentenceModules, stored_dtypes
from safetensors.numpy import load_file
from tokenizers import Tokenizer


class GemmaLayer:
    def __init__(self, w: dict[str, np.ndarray], p: str, cfg: "GemmaConfig", sliding: bool, bf16: bool):
        self.q_w = w[p + "self_attn.q_proj.weight"]
        self.k_w = w[p + "self_attn.k_proj.weight"]
        self.v_w = w[p + "self_attn.v_proj.weight"]
        self.o_w = w[p + "self_attn.o_proj.weight"]
        self.q_norm = w[p + "self_attn.q_norm.weight"]
        self.k_norm = w[p + "self_attn.k_norm.weight"]
        self.in_norm = w[p + "input_layernorm.weight"]
        self.post_attn_norm = w[p + "post_attention_layernorm.weight"]
        self.pre_mlp_norm = w[p + "pre_feedforward_layernorm.weight"]
        self.post_mlp_norm = w[p + "post_feedforward_layernorm.weight"]
        self.gate_w = w[p + "mlp.gate_proj.weight"]
        self.up_w = w[p + "mlp.up_proj.weight"]
        self.down_w = w[p + "mlp.down_proj.weight"]
        self.heads = cfg.heads
        self.kv_heads = cfg.kv_heads
        self.head_dim = cfg.head_dim
        self.eps = cfg.eps
        self.scale = cfg.scale
        self.sliding = sliding
        self.theta = cfg.rope_local if sliding else cfg.rope_global
        self.window = cfg.window if sliding else 0
        self.bf16 = bf16

    def split(self, x: np.ndarray, heads: int) -> np.ndarray:
        b, s, _ = x.shape
        return x.reshape(b, s, heads, self.head_dim).transpose(0, 2, 1, 3)

    def forward(self, x: np.ndarray, mask: np.ndarray, positions: np.ndarray) -> np.ndarray:
        b, s, d = x.shape
        h = nn.rms_norm(x, self.in_norm, eps=self.eps, offset=1.0)
        q = nn.rms_norm(self.split(nn.linear(h, self.q_w, bf16=self.bf16), self.heads), self.q_norm, eps=self.eps,
                        offset=1.0)
        k = nn.rms_norm(self.split(nn.linear(h, self.k_w, bf16=self.bf16), self.kv_heads), self.k_norm, eps=self.eps,
                        offset=1.0)
        v = self.split(nn.linear(h, self.v_w, bf16=self.bf16), self.kv_heads)
        q = nn.rope(q, positions, theta=self.theta)
        k = nn.rope(k, positions, theta=self.theta)
        a = nn.attention(q, k, v, mask=mask, window=self.window, scale=self.scale)
        a = a.transpose(0, 2, 1, 3).reshape(b, s, self.heads * self.head_dim)
        x = x + nn.rms_norm(nn.linear(a, self.o_w, bf16=self.bf16), self.post_attn_norm, eps=self.eps, offset=1.0)
        h = nn.rms_norm(x, self.pre_mlp_norm, eps=self.eps, offset=1.0)
        h = nn.gelu(nn.linear(h, self.gate_w, bf16=self.bf16), approximate="tanh") * nn.linear(h, self.up_w,
                                                                                                bf16=self.bf16)
        return x + nn.rms_norm(nn.linear(h, self.down_w, bf16=self.bf16), self.post_mlp_norm, eps=self.eps,
                               offset=1.0)


class GemmaConfig:
    """The numbers of config.json a layer needs."""

    def __init__(self, folder: str):
        with open(os.path.join(folder, "config.json")) as f:
            cfg = json.load(f)
        self.hidden = int(cfg["hidden_size"])
        self.heads = int(cfg["num_attention_heads"])
        self.kv_heads = int(cfg.get("num_key_value_heads", self.heads))
        self.head_dim = int(cfg.get("head_dim", self.hidden // self.heads))
        self.layers = int(cfg["num_hidden_layers"])
        self.eps = float(cfg.get("rms_norm_eps", 1e-6))
        self.scale = float(cfg.get("query_pre_attn_scalar", self.head_dim)) ** -0.5
        self.rope_global = float(cfg.get("rope_theta", 1000000.0))
        self.rope_local = float(cfg.get("rope_local_base_freq", 10000.0))
        self.max_positions = int(cfg.get("max_position_embeddings", 2048))
        self.pad_id = int(cfg.get("pad_token_id", 0))
        act = str(cfg.get("hidden_activation", "gelu_pytorch_tanh"))
        if act != "gelu_pytorch_tanh":
            raise ValueError(f"{folder}: hidden_activation {act!r} is not supported (gelu_pytorch_tanh is)")
        for key in ("attn_logit_softcapping", "final_logit_softcapping"):
            if cfg.get(key, None) is not None:
                raise ValueError(f"{folder}: {key} is not supported")
        if cfg.get("rope_scaling", None) is not None:
            raise ValueError(f"{folder}: rope_scaling is not supported")
        if self.kv_heads <= 0 or self.heads % self.kv_heads != 0:
            raise ValueError(f"{folder}: num_attention_heads {self.heads} is not a multiple of num_key_value_heads {self.kv_heads}")
        if not bool(cfg.get("use_bidirectional_attention", True)):
            raise ValueError(f"{folder}: a causal Gemma 3 is a decoder, not an embedding model")
        sw = cfg.get("sliding_window", None)
        self.window = int(sw) // 2 + 1 if sw is not None else 0
        self.sliding: list[bool] = []
        types = cfg.get("layer_types", None)
        if types is not None:
            for t in types:
                kind = str(t)
                if kind != "sliding_attention" and kind != "full_attention":
                    raise ValueError(f"{folder}: layer type {kind!r} is not supported")
                self.sliding.append(kind == "sliding_attention" and self.window > 0)
        else:
            pattern = int(cfg.get("sliding_window_pattern", 6))
            for i in range(self.layers):
                self.sliding.append((i + 1) % pattern != 0 and self.window > 0)
        if len(self.sliding) != self.layers:
            raise ValueError(f"{folder}: layer_types has {len(self.sliding)} entries for {self.layers} layers")


class GemmaEncoder(Encoder):
    """A sentence-transformers EmbeddingGemma folder."""

    def __init__(self, folder: str):
        cfg = GemmaConfig(folder)
        path = os.path.join(folder, "model.safetensors")
        w = load_file(path)
        # a bfloat16 checkpoint: every tensor stored as BF16
        bf16 = True
        for dt in stored_dtypes(path).values():
            bf16 = bf16 and dt == "BF16"
        prefix = "model." if "model.embed_tokens.weight" in w else ""
        if prefix + "embed_tokens.weight" not in w:
            raise ValueError(f"{folder}: model.safetensors has no embed_tokens.weight")
        self.embed_w = w[prefix + "embed_tokens.weight"]
        self.final_norm = w[prefix + "norm.weight"]
        self.scale = np.asarray(math.sqrt(cfg.hidden), dtype=np.float32)
        self.eps = cfg.eps
        self.layers = [GemmaLayer(w, f"{prefix}layers.{i}.", cfg, cfg.sliding[i], bf16) for i in range(cfg.layers)]
        self.head = SentenceModules(folder, cfg.hidden, cfg.max_positions)
        super().__init__(self.head.dim)
        self.prompts = self.head.prompts
        self.prompt = self.head.default_prompt
        self.tok = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))
        self.tok.enable_truncation(max_length=self.head.max_seq_length)
        self.tok.enable_padding(pad_id=cfg.pad_id)

    def forward(self, ids: np.ndarray, keep: np.ndarray, pool: np.ndarray) -> np.ndarray:
        """Sentence vectors from token ids, the attention mask and the
        pooling mask, each (batch, seq), padding on the right."""
        s = int(ids.shape[1])
        x = nn.get_rows(self.embed_w, ids) * self.scale
        positions = np.arange(s)
        # Real tokens see only real tokens; padding sees every position, so
        # that no row of a sliding layer is masked whole (a row of -inf
        # would make NaNs that reach the real rows through 0 * NaN).
        mask = keep[:, None, None, :] | ~keep[:, None, :, None]
        for layer in self.layers:
            x = layer.forward(x, mask, positions)
        x = nn.rms_norm(x, self.final_norm, eps=self.eps, offset=1.0)
        return self.head.apply(x, pool)

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        if len(texts) == 0:
            return np.zeros((0, self.dim), dtype=np.float32)
        encs = self.tok.encode_batch([self.prompt + t for t in texts])
        n = len(encs)
        s = len(encs[0].ids)
        ids = np.zeros((n, s), dtype=np.int64)
        keep = np.zeros((n, s), dtype=bool)
        for i in range(n):
            ids[i] = np.array(encs[i].ids, dtype=np.int64)
            keep[i] = np.array(encs[i].attention_mask, dtype=np.int64) != 0
        return self.finish(self.forward(ids, keep, self.head.pooling_mask(self.tok, self.prompt, keep)))
