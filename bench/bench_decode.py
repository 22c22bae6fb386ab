#!/usr/bin/env python3
"""bench/bench_decode.py — a Llama-shaped chat model decoding, compiled by
kiln (kiln.models.llama) beside PyTorch on the same weights; writes the
"Decode" section of bench/RESULTS.md (`make bench-decode`; `make bench`).

The model has SmolLM2-135M's shape (30 layers, hidden 576, 9 heads over 3
kv heads, MLP 1536, vocabulary 49152, tied embeddings), synthetic weights
from a fixed seed in the published layout, float32 and bfloat16. Batch 1,
greedy, KILN_NUM_THREADS / torch.set_num_threads = 2:

  prompt tok/s   a PROMPT-token prompt in one forward (prefill)
  gen tok/s      GEN tokens after it, one forward each, KV cache

PyTorch runs the same architecture written with torch.nn.functional and a
preallocated KV cache, with OMP_WAIT_POLICY=PASSIVE (its OpenMP threads
otherwise spin, which costs it several times over on a shared machine) (float32; bfloat16 weights *and* activations for the
bf16 row: PyTorch has no float32 × bfloat16 matmul). Generation is
memory-bound, so each row also gives the bytes of weights read per token
times gen tok/s, against the machine's read bandwidth measured here
(torch.sum over 1 GiB, 2 threads). Each figure is the best of --repeat
runs. The q8_0 and q4_k rows run kiln on the same weights written as GGUF
files (kiln.gguf: Q8_0; Q4_K where rows allow, see MAKE_GGUF), read block
by block by the integer dot kernels against activations rounded to Q8_0 blocks (kiln.nn.linear; runtime/quant.c); PyTorch has
no such matmul, so they are compared with its f32 and bf16 rows. Standard library only on this side; torch and numpy from Debian's
/usr/bin/python3.

--size 1b writes and measures a Llama-3.2-1B-shaped checkpoint instead
(once, in build/bench/decode/1b: float32 5 GB, bfloat16 2.5 GB, the GGUF
files 1.3 and 0.7 GB; its own section of RESULTS.md). Every file is
written a tensor at a time and read back through a memory map (no second
copy of the weights; 11 GB resident at the peak, the float32 weights and
one tensor's conversion); the float32 row
runs only where /proc/meminfo's MemAvailable holds its weights 1.5 times
over (the PyTorch side holds one copy, kiln maps the file and joins q/k/v
and gate/up into a copy of half of it), and says so when it is left out.

    python3 bench/bench_decode.py [--size 135m|1b] [--repeat N] [--prompt N] [--gen N] [--out bench/RESULTS.md]
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "build", "bench", "decode")
PY = "/usr/bin/python3"
BEGIN, END = "<!-- decode: begin -->", "<!-- decode: end -->"
PROMPT, GEN, THREADS = 128, 64, 2
SHAPE = dict(hidden_size=576, intermediate_size=1536, num_hidden_layers=30, num_attention_heads=9,
             num_key_value_heads=3, vocab_size=49152, rms_norm_eps=1e-5, rope_theta=100000.0,
             max_position_embeddings=2048, tie_word_embeddings=True, model_type="llama", hidden_act="silu",
             bos_token_id=1, eos_token_id=2)
# --size 1b: Llama-3.2-1B's shape (16 layers, hidden 2048, 32 heads over 8 kv heads, MLP 8192,
# vocabulary 128256, tied embeddings; its llama3 rope_scaling left out, which changes no cost),
# one run each side by default.
SHAPE_1B = dict(hidden_size=2048, intermediate_size=8192, num_hidden_layers=16, num_attention_heads=32,
                num_key_value_heads=8, vocab_size=128256, rms_norm_eps=1e-5, rope_theta=500000.0,
                max_position_embeddings=2048, tie_word_embeddings=True, model_type="llama", hidden_act="silu",
                bos_token_id=1, eos_token_id=2)

# Writes the checkpoint folders (numpy under /usr/bin/python3).
MAKE = r"""
import json, os, sys
import numpy as np
sys.path.insert(0, sys.argv[2])
out, shape, dtypes = sys.argv[1], json.loads(sys.argv[3]), sys.argv[4].split(",")
rng = np.random.default_rng(0)
D, I, L, H, KV, V = (shape[k] for k in ("hidden_size", "intermediate_size", "num_hidden_layers",
                                        "num_attention_heads", "num_key_value_heads", "vocab_size"))
hd = D // H
def t(*s, sc=0.05, b=0.0):
    return (b + rng.standard_normal(s, dtype=np.float32) * sc).astype(np.float32)
w = {"model.embed_tokens.weight": t(V, D, sc=0.5), "model.norm.weight": t(D, sc=0.1, b=1.0)}
for i in range(L):
    p = f"model.layers.{i}."
    w[p + "input_layernorm.weight"] = t(D, sc=0.1, b=1.0)
    w[p + "post_attention_layernorm.weight"] = t(D, sc=0.1, b=1.0)
    for n, o, k in (("q", H * hd, D), ("k", KV * hd, D), ("v", KV * hd, D), ("o", D, H * hd)):
        w[p + f"self_attn.{n}_proj.weight"] = t(o, k)
    w[p + "mlp.gate_proj.weight"] = t(I, D)
    w[p + "mlp.up_proj.weight"] = t(I, D)
    w[p + "mlp.down_proj.weight"] = t(D, I)
vocab = {f"t{i}": i for i in range(V)}
tok = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [], "normalizer": None,
       "pre_tokenizer": {"type": "WhitespaceSplit"}, "post_processor": None, "decoder": None,
       "model": {"type": "WordLevel", "vocab": vocab, "unk_token": "t0"}}
for dt in dtypes:
    d = os.path.join(out, dt)
    os.makedirs(d, exist_ok=True)
    json.dump(dict(shape, torch_dtype="float32" if dt == "f32" else "bfloat16"), open(os.path.join(d, "config.json"), "w"))
    json.dump(tok, open(os.path.join(d, "tokenizer.json"), "w"))
    # written by hand a tensor at a time (safetensors' save_file holds a
    # second copy of every tensor: 10 GB at 1B in float32)
    size = 4 if dt == "f32" else 2
    header, off = {}, 0
    for name in sorted(w):
        n = w[name].size * size
        header[name] = {"dtype": "F32" if dt == "f32" else "BF16", "shape": list(w[name].shape),
                        "data_offsets": [off, off + n]}
        off += n
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(os.path.join(d, "model.safetensors"), "wb") as f:
        f.write(len(h).to_bytes(8, "little")); f.write(h)
        for name in sorted(w):
            if dt == "f32":
                f.write(w[name].tobytes())
                continue
            u = w[name].view(np.uint32).astype(np.uint64)
            f.write(((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16).tobytes())
"""

# A float32 safetensors file as {name: array} mapped from the file, not read
# (at 1B the weights would otherwise be in memory twice while converted).
MAP = r"""
def map_safetensors(path):
    import json
    import numpy as np
    with open(path, "rb") as f:
        n = int.from_bytes(f.read(8), "little")
        header = json.loads(f.read(n))
    m = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + n)
    return {k: m[v["data_offsets"][0]:v["data_offsets"][1]].view(np.float32).reshape(v["shape"])
            for k, v in header.items() if k != "__metadata__"}
"""

# The same weights as GGUF files (gguf: begin): Q8_0, and Q4_K where a row
# is a multiple of 256 values (SmolLM2's hidden 576 is not: those tensors
# fall back to Q8_0, as llama.cpp's Q4_K_M does to another type), 1-d
# tensors float32; written by tests/unit/gguf_write.py.
MAKE_GGUF = r"""
import os, sys
import numpy as np
sys.path.insert(0, sys.argv[2])
sys.path.insert(0, sys.argv[3])
from gguf_write import write_gguf
out, kinds = sys.argv[1], sys.argv[4].split(",")
w = map_safetensors(os.path.join(out, "f32", "model.safetensors"))
import json
c = json.load(open(os.path.join(out, "f32", "config.json")))
H, KV, L = c["num_attention_heads"], c["num_key_value_heads"], c["num_hidden_layers"]
def perm(a, n):
    return a.reshape(n, 2, a.shape[0] // n // 2, a.shape[1]).swapaxes(1, 2).reshape(a.shape)
names = {"input_layernorm": "attn_norm", "post_attention_layernorm": "ffn_norm", "self_attn.q_proj": "attn_q",
         "self_attn.k_proj": "attn_k", "self_attn.v_proj": "attn_v", "self_attn.o_proj": "attn_output",
         "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up", "mlp.down_proj": "ffn_down"}
kvs = [("general.architecture", "str", "llama"), ("llama.context_length", "u32", c["max_position_embeddings"]),
       ("llama.embedding_length", "u32", c["hidden_size"]), ("llama.block_count", "u32", L),
       ("llama.feed_forward_length", "u32", c["intermediate_size"]), ("llama.attention.head_count", "u32", H),
       ("llama.attention.head_count_kv", "u32", KV), ("llama.rope.freq_base", "f32", c["rope_theta"]),
       ("llama.attention.layer_norm_rms_epsilon", "f32", c["rms_norm_eps"]),
       ("tokenizer.ggml.model", "str", "gpt2"), ("tokenizer.ggml.pre", "str", "gpt2"),
       ("tokenizer.ggml.tokens", "arr:str", [f"t{i}" for i in range(c["vocab_size"])]),
       ("tokenizer.ggml.merges", "arr:str", []), ("tokenizer.ggml.eos_token_id", "u32", c["eos_token_id"])]
for kind in kinds:
    def k_of(a):
        return "F32" if a.ndim == 1 else "Q4_K" if kind == "Q4_K" and a.shape[1] % 256 == 0 else "Q8_0"
    e = w["model.embed_tokens.weight"]
    g = {"token_embd.weight": (e, k_of(e)), "output_norm.weight": (w["model.norm.weight"], "F32")}
    for i in range(L):
        for h, n in names.items():
            a = w[f"model.layers.{i}.{h}.weight"]
            a = perm(a, H) if n == "attn_q" else perm(a, KV) if n == "attn_k" else a
            g[f"blk.{i}.{n}.weight"] = (a, k_of(a))
    d = os.path.join(out, kind.lower())
    os.makedirs(d, exist_ok=True)
    write_gguf(os.path.join(d, "model.gguf"), kvs, g)
"""

PROGRAM = '''
import json
import sys
import time

from kiln.models.llama import Llama


def main() -> None:
    m = Llama(sys.argv[1], 1024)
    n_prompt = int(sys.argv[2])
    n_gen = int(sys.argv[3])
    prompt = [(i * 7919 + 13) % m.vocab for i in range(n_prompt)]
    cache = m.new_cache(n_prompt + n_gen)
    t0 = time.perf_counter()
    lg = m.forward(cache, prompt)
    t1 = time.perf_counter()
    toks: list[int] = []
    for i in range(n_gen):
        t = int(lg.argmax())
        toks.append(t)
        lg = m.forward(cache, [t])
    t2 = time.perf_counter()
    print(json.dumps({"prompt": n_prompt / (t1 - t0), "gen": n_gen / (t2 - t1), "tokens": toks}))


main()
'''

TORCH = r"""
import json, math, sys, time
import numpy as np
import torch
import torch.nn.functional as F
sys.path.insert(0, sys.argv[2])
from safetensors.numpy import load_file
torch.set_num_threads(int(sys.argv[5]))
folder, n_prompt, n_gen = sys.argv[1], int(sys.argv[3]), int(sys.argv[4])
cfg = json.load(open(folder + "/config.json"))
dt = torch.bfloat16 if cfg["torch_dtype"] == "bfloat16" else torch.float32
w = load_file(folder + "/model.safetensors")
w = {k: torch.from_numpy(w.pop(k).copy()).to(dt) for k in sorted(w)}  # one copy held at a time
D, H, KV, L, V = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_key_value_heads"], cfg["num_hidden_layers"], cfg["vocab_size"]
hd, eps = D // H, cfg["rms_norm_eps"]
inv = 1.0 / (cfg["rope_theta"] ** (torch.arange(0, hd, 2).float() / hd))
ang = torch.arange(n_prompt + n_gen).float()[:, None] * inv[None, :]
cos_t, sin_t = torch.cat([ang, ang], -1).cos().to(dt), torch.cat([ang, ang], -1).sin().to(dt)
kc = torch.zeros(L, KV, n_prompt + n_gen, hd, dtype=dt)
vc = torch.zeros(L, KV, n_prompt + n_gen, hd, dtype=dt)
mask = torch.full((n_prompt + n_gen, n_prompt + n_gen), float("-inf")).triu(1).to(dt)
def rms(x, g):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * g
def rot(x, cos, sin):
    a, b = x[..., :hd // 2], x[..., hd // 2:]
    return x * cos + torch.cat([-b, a], -1) * sin
def forward(ids, n):
    s = len(ids)
    x = w["model.embed_tokens.weight"][torch.tensor(ids)]
    cos, sin = cos_t[n:n + s], sin_t[n:n + s]
    for i in range(L):
        p = f"model.layers.{i}."
        h = rms(x, w[p + "input_layernorm.weight"])
        q = F.linear(h, w[p + "self_attn.q_proj.weight"]).view(s, H, hd).transpose(0, 1)
        k = F.linear(h, w[p + "self_attn.k_proj.weight"]).view(s, KV, hd).transpose(0, 1)
        v = F.linear(h, w[p + "self_attn.v_proj.weight"]).view(s, KV, hd).transpose(0, 1)
        kc[i, :, n:n + s] = rot(k, cos, sin)
        vc[i, :, n:n + s] = v
        kk = kc[i, :, :n + s].repeat_interleave(H // KV, 0)
        vv = vc[i, :, :n + s].repeat_interleave(H // KV, 0)
        sc = (rot(q, cos, sin) @ kk.transpose(-1, -2)) / math.sqrt(hd)
        if s > 1:
            sc = sc + mask[n:n + s, :n + s]
        a = torch.softmax(sc, dim=-1) @ vv
        x = x + F.linear(a.transpose(0, 1).reshape(s, D), w[p + "self_attn.o_proj.weight"])
        h = rms(x, w[p + "post_attention_layernorm.weight"])
        x = x + F.linear(F.silu(F.linear(h, w[p + "mlp.gate_proj.weight"])) * F.linear(h, w[p + "mlp.up_proj.weight"]),
                         w[p + "mlp.down_proj.weight"])
    return F.linear(rms(x[-1:], w["model.norm.weight"]), w["model.embed_tokens.weight"])[0]
prompt = [(i * 7919 + 13) % V for i in range(n_prompt)]
with torch.no_grad():
    t0 = time.perf_counter()
    lg = forward(prompt, 0)
    t1 = time.perf_counter()
    toks = []
    for i in range(n_gen):
        t = int(torch.argmax(lg))
        toks.append(t)
        lg = forward([t], n_prompt + i)
    t2 = time.perf_counter()
bw = 0.0
if sys.argv[6] == "1":
    big = torch.ones(256 * 1024 * 1024)
    for _ in range(5):
        a = time.perf_counter(); big.sum(); b = time.perf_counter()
        bw = max(bw, big.numel() * 4 / (b - a))
print(json.dumps({"prompt": n_prompt / (t1 - t0), "gen": n_gen / (t2 - t1), "tokens": toks, "bw": bw,
                  "version": torch.__version__}))
"""


def gguf_kind(kind, rows, cols):
    """The block type MAKE_GGUF gives a 2-d tensor in the file of kind."""
    return "Q4_K" if kind == "q4_k" and cols % 256 == 0 else "Q8_0"


def weight_bytes(dt, s):
    """Bytes of weights one generated token reads (the embedding row aside;
    the tied lm_head read whole)."""
    D, I, L, H, KV, V = (s[k] for k in ("hidden_size", "intermediate_size", "num_hidden_layers",
                                        "num_attention_heads", "num_key_value_heads", "vocab_size"))
    hd = D // H
    mats = [(V, D)] + L * [(H * hd, D), (KV * hd, D), (KV * hd, D), (D, H * hd), (I, D), (I, D), (D, I)]
    vecs = (2 * L + 1) * D
    if dt in ("f32", "bf16"):
        return (sum(r * c for r, c in mats) + vecs) * (4 if dt == "f32" else 2)
    per = {"Q8_0": (34, 32), "Q4_K": (144, 256)}  # bytes per block, values per block
    return sum(r * c // per[gguf_kind(dt, r, c)][1] * per[gguf_kind(dt, r, c)][0] for r, c in mats) + vecs * 4


def mem_available():
    """/proc/meminfo's MemAvailable in bytes (0 where it cannot be read)."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=None, help="runs per side, best taken (2; 1 with --size 1b)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "RESULTS.md"))
    ap.add_argument("--prompt", type=int, default=PROMPT, help=f"prompt tokens ({PROMPT})")
    ap.add_argument("--gen", type=int, default=GEN, help=f"generated tokens ({GEN})")
    ap.add_argument("--size", choices=("135m", "1b"), default="135m",
                    help="135m: SmolLM2-135M's shape (default); 1b: Llama-3.2-1B's")
    opts = ap.parse_args()
    n_prompt, n_gen = opts.prompt, opts.gen
    big = opts.size == "1b"
    if opts.repeat is None:
        opts.repeat = 1 if big else 2
    shape = SHAPE_1B if big else SHAPE
    dtypes = ["f32", "bf16"]
    skipped = ""
    if big and mem_available() < 1.5 * weight_bytes("f32", shape):
        dtypes = ["bf16"]  # the float32 files are still written: the GGUF ones are made from them
        skipped = (f"float32 left out: {mem_available() / 1e9:.1f} GB available, "
                   f"{1.5 * weight_bytes('f32', shape) / 1e9:.1f} GB needed")
        print("bench_decode: " + skipped)
    work = os.path.join(WORK, "1b") if big else WORK
    begin, end = ("<!-- decode-1b: begin -->", "<!-- decode-1b: end -->") if big else (BEGIN, END)
    if subprocess.run([PY, "-c", "import torch, numpy"], capture_output=True).returncode != 0:
        print("bench_decode: /usr/bin/python3 lacks torch or numpy (apt-get install python3-torch)")
        return 1
    os.makedirs(work, exist_ok=True)
    pypath = os.path.join(ROOT, "python")
    missing = [dt for dt in ("f32", "bf16") if not os.path.exists(os.path.join(work, dt, "model.safetensors"))]
    if missing:
        subprocess.run([PY, "-c", MAKE, work, pypath, json.dumps(shape), ",".join(missing)], check=True)
    missing = [k for k in ("Q8_0", "Q4_K") if not os.path.exists(os.path.join(work, k.lower(), "model.gguf"))]
    if missing:
        subprocess.run([PY, "-c", MAP + MAKE_GGUF, work, pypath, os.path.join(ROOT, "tests", "unit"),
                        ",".join(missing)], check=True)
    prog = os.path.join(work, "decode.py")
    with open(prog, "w") as f:
        f.write(PROGRAM)
    exe = os.path.join(work, "decode")
    subprocess.run([os.path.join(ROOT, "bin", "kiln"), "build", prog, "-o", exe], check=True)
    env = dict(os.environ, KILN_NUM_THREADS=str(THREADS))
    rows = {}
    bw = 0.0
    version = ""
    for dt in dtypes:
        folder = os.path.join(work, dt)
        best_k = {"prompt": 0.0, "gen": 0.0}
        best_t = {"prompt": 0.0, "gen": 0.0}
        same = True
        for r in range(opts.repeat):
            k = json.loads(subprocess.run([exe, folder, str(n_prompt), str(n_gen)], env=env, capture_output=True,
                                          text=True, check=True).stdout)
            p = subprocess.run([PY, "-c", TORCH, folder, pypath, str(n_prompt), str(n_gen), str(THREADS),
                                "1" if r == 0 and dt == dtypes[0] else "0"], capture_output=True, text=True,
                               env=dict(os.environ, OMP_WAIT_POLICY="PASSIVE"))
            if p.returncode != 0:
                print("bench_decode: the PyTorch run failed:\n" + p.stderr[-2000:])
                return 1
            t = json.loads(p.stdout)
            bw = max(bw, t["bw"])
            version = t["version"]
            for key in ("prompt", "gen"):
                best_k[key] = max(best_k[key], k[key])
                best_t[key] = max(best_t[key], t[key])
            if dt == "f32":
                same = same and k["tokens"] == t["tokens"]
        rows[dt] = (best_k, best_t, same)
        print(f"{dt}: kiln prompt {best_k['prompt']:.1f} tok/s gen {best_k['gen']:.2f} tok/s | "
              f"torch prompt {best_t['prompt']:.1f} gen {best_t['gen']:.2f}")
    for dt in ("q8_0", "q4_k"):  # GGUF files: kiln only (PyTorch has no Q8_0/Q4_K matmul)
        best_k = {"prompt": 0.0, "gen": 0.0}
        for r in range(opts.repeat):
            k = json.loads(subprocess.run([exe, os.path.join(work, dt), str(n_prompt), str(n_gen)], env=env,
                                          capture_output=True, text=True, check=True).stdout)
            for key in ("prompt", "gen"):
                best_k[key] = max(best_k[key], k[key])
        rows[dt] = (best_k, None, True)
        print(f"{dt}: kiln prompt {best_k['prompt']:.1f} tok/s gen {best_k['gen']:.2f} tok/s")
    load = os.getloadavg()[0]
    title = "a Llama-3.2-1B-shaped Llama" if big else "a SmolLM2-135M-shaped Llama"
    flags = (" --size 1b" if big else "") + (f" --prompt {n_prompt}" if n_prompt != PROMPT else "") + \
        (f" --gen {n_gen}" if n_gen != GEN else "")
    cmd = f"`python3 bench/bench_decode.py{flags}`" + ("" if flags else " (`make bench-decode`)")
    lines = [begin, f"## Decode: {title}, batch 1, greedy", "",
             f"{cmd}: synthetic weights, {n_prompt}-token prompt, "
             f"{n_gen} generated tokens, {THREADS} threads (KILN_NUM_THREADS, torch.set_num_threads), best of "
             f"{opts.repeat}. PyTorch {version} (/usr/bin/python3) runs the same architecture with a KV cache; "
             "its bf16 row computes in bfloat16 throughout; OMP_WAIT_POLICY=PASSIVE. Memory read bandwidth measured with torch.sum over "
             f"1 GiB on {THREADS} threads: {bw / 1e9:.1f} GB/s. Load average when it ended: {load:.1f} "
             f"on {os.cpu_count()} CPUs (a shared machine slows both sides)."
             + (f" {skipped[0].upper()}{skipped[1:]}." if skipped else ""), "",
             "| weights | kiln prompt tok/s | PyTorch prompt tok/s | kiln gen tok/s | PyTorch gen tok/s | kiln gen / PyTorch | kiln weight GB/s (of bandwidth) |",
             "|---|---|---|---|---|---|---|"]
    for dt, (k, t, same) in rows.items():
        gbs = weight_bytes(dt, shape) * k["gen"] / 1e9
        if t is None:  # a GGUF row: against PyTorch's float32 and bfloat16 generation
            of = ", ".join(f"{k['gen'] / rows[f][1]['gen']:.2f}x of {f}" for f in dtypes)
            lines.append(f"| {dt} (GGUF) | {k['prompt']:.1f} | — | {k['gen']:.2f} | — | {of} | "
                         f"{gbs:.2f} ({100 * gbs * 1e9 / bw:.0f}%) |")
            continue
        lines.append(f"| {dt} | {k['prompt']:.1f} | {t['prompt']:.1f} | {k['gen']:.2f} | {t['gen']:.2f} | "
                     f"{k['gen'] / t['gen']:.2f}x | {gbs:.2f} ({100 * gbs * 1e9 / bw:.0f}%) |")
    if "f32" in rows:
        lines += ["", "f32 greedy tokens identical to PyTorch's: " + ("yes" if rows["f32"][2] else "no")]
    lines.append(end)
    text = open(opts.out).read() if os.path.exists(opts.out) else ""
    block = "\n".join(lines)
    if begin in text and end in text:
        text = text[:text.index(begin)] + block + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(opts.out, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
