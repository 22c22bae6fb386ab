#!/usr/bin/env python3
"""Loading weights: time to first tensor from a 600 MB safetensors file.

kiln's load_file memory-maps the file and makes every tensor a read-only
view of the mapping, so the time to the first tensor is the header's
parse, not the file's size. bench/load/first_tensor.py loads the file and
sums the first row of its first tensor, timing that inside the program
(time.perf_counter); it runs compiled by kiln and under CPython
(/usr/bin/python3 with numpy, through python/safetensors, the repository's
stand-in for the safetensors package, which reads the whole file). The
file (build/bench/load/, kept between runs) has a decoder's layout: an
embedding table and 26 layers of four 1024x1024 float32 matrices and two
norms, 638 MB (the issue asks for 600); the page cache is warm (the file was
just written or read). CPython runs once (it reads the whole file), kiln's
best of N is kept.

    python3 bench/load.py [--rounds N]         prints the RESULTS.md section

bench/bench.py includes the section.
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "bench", "load")
PROG = os.path.join(ROOT, "bench", "load", "first_tensor.py")


def layout():
    t = [("model.embed_tokens.weight", (49152, 1024))]
    for i in range(26):
        for m in ("q_proj", "k_proj", "v_proj", "o_proj"):
            t.append((f"model.layers.{i}.self_attn.{m}.weight", (1024, 1024)))
        for n in ("input_layernorm", "post_attention_layernorm"):
            t.append((f"model.layers.{i}.{n}.weight", (1024,)))
    return t


def make_file(path):
    """Writes the file (float32 values from a repeated 1 MiB block of a small LCG)."""
    header, off = {}, 0
    for name, shape in layout():
        n = 4
        for d in shape:
            n *= d
        header[name] = {"dtype": "F32", "shape": list(shape), "data_offsets": [off, off + n]}
        off += n
    h = json.dumps(header).encode()
    h += b" " * (-len(h) % 8)
    x, vals = 12345, []
    for _ in range(1 << 18):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        vals.append((x / 0x7FFFFFFF - 0.5) * 0.1)
    block = struct.pack("<%df" % len(vals), *vals)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h)
        left = off
        while left:
            k = min(left, len(block))
            f.write(block[:k])
            left -= k
    os.replace(tmp, path)


def run(cmd, env=None):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError(f"{cmd[0]}: {p.stderr[-1500:]}")
    ms, n, s = p.stdout.split()
    return float(ms), wall * 1000, int(n), s


def section(kiln=os.path.join(ROOT, "bin", "kiln"), rounds=5):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "model.safetensors")
    if not os.path.exists(path):
        make_file(path)
    size = os.path.getsize(path)
    exe = os.path.join(OUT, "first_tensor")
    p = subprocess.run([kiln, "build", "-O2", PROG, "-o", exe], capture_output=True, text=True)
    if p.returncode != 0:
        return ["## Loading weights: time to first tensor", "", f"kiln build failed: {p.stderr[-500:]}", ""]
    rows = [("kiln (memory-mapped)", [exe, path], None, rounds)]
    if os.path.exists("/usr/bin/python3"):
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
        rows.append(("CPython 3.11.2 + numpy (python/safetensors: reads the file)", ["/usr/bin/python3", PROG, path], env, 1))
    lines = ["## Loading weights: time to first tensor", "",
             f"`python3 bench/load.py`: a {size / 1e6:.0f} MB safetensors file ({len(layout())} float32 tensors, a "
             "decoder's layout), loaded with `safetensors.numpy.load_file`, then the first row of the first tensor "
             f"summed (bench/load/first_tensor.py); kiln best of {rounds}, CPython one run, page cache warm. In-program: "
             "time.perf_counter around the load and the read; process: the whole run. Goal (issue 6): under 10 ms.",
             "", "| implementation | time to first tensor (ms) | process wall (ms) |", "|---|---:|---:|"]
    sums = set()
    for name, cmd, env, runs in rows:
        best, wall = None, None
        for _ in range(runs):
            ms, w, n, s = run(cmd, env)
            sums.add(s)
            best = ms if best is None else min(best, ms)
            wall = w if wall is None else min(wall, w)
        lines.append(f"| {name} | {best:.2f} | {wall:.0f} |")
    if len(sums) != 1:
        lines.append(f"\nThe first row's sums differ: {sorted(sums)}")
    load = os.getloadavg()[0]
    return lines + ["", f"Load average when it ended: {load:.1f}.", ""]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    print("\n".join(section(rounds=ap.parse_args().rounds)))


if __name__ == "__main__":
    main()
