#!/usr/bin/env python3
"""bench/bench_gemm.py — GFLOP/s of libkilnrt's GEMM beside OpenBLAS and
PyTorch, and the machine's FMA peak; writes the "Tensor: GEMM" section of
bench/RESULTS.md (`make bench-gemm` runs it; `make bench` too). Standard
library only.

Shapes (C[M×N] = A[M×K]·B, B a Linear layer's weight stored N×K: x @ W.T):

  1×768 · 768×768       one token through a 768-wide projection (GEMV)
  128×768 · 768×3072    a 128-token prompt through an MLP up-projection
  512×768 · 768×768     a 512-token prompt through an attention projection
  1×2048 · 2048×8192    one decode step through a large MLP: memory-bound GEMV

Implementations, each at 1 and 2 threads:

  kiln f32      kr_gemm_f32 (bench/gemm_bench.c, linked with build/libkilnrt.a)
  kiln bf16 W   kr_gemm_f32_bf16: the weight in bfloat16, x and C float32
  kiln f16 W    kr_gemm_f32_f16: the weight in float16
  kiln bf16     kr_gemm_bf16: x rounded to bfloat16 too (VDPBF16PS where the
                CPU has avx512_bf16): PyTorch bf16's numbers
  OpenBLAS      cblas_sgemm (Debian libopenblas-dev, called from the same C
                program; OPENBLAS_NUM_THREADS)
  PyTorch       torch.nn.functional.linear under /usr/bin/python3 (Debian
                python3-torch; torch.set_num_threads), float32, and bfloat16
                for both x and W (PyTorch has no mixed f32 × bf16 matmul)

FMA peak: a loop of independent AVX-512 (and AVX2) FMAs in registers, one
thread. Each figure is the best over --repeat runs of the C program (or
the torch script), each itself the best of 7 timed rounds of at least
0.1 s: the machine may be shared with other work, and the best run is the
least disturbed. A peer that is missing is reported as such.

    python3 bench/bench_gemm.py [--repeat N] [--quick] [--out bench/RESULTS.md]
"""

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXE = os.path.join(ROOT, "build", "bench", "gemm_bench")
BEGIN, END = "<!-- gemm: begin -->", "<!-- gemm: end -->"
SHAPES = [(1, 768, 768), (128, 3072, 768), (512, 768, 768), (1, 8192, 2048)]
THREADS = (1, 2)

TORCH = r"""
import json, sys, time
import torch
import torch.nn.functional as F
torch.set_num_threads(int(sys.argv[1]))
rounds = int(sys.argv[2])
out = {"version": torch.__version__}
for (M, N, K) in json.loads(sys.argv[3]):
    x, W = torch.rand(M, K) - 0.5, torch.rand(N, K) - 0.5
    for name, (a, w) in (("f32", (x, W)), ("bf16", (x.bfloat16(), W.bfloat16()))):
        def run():
            F.linear(a, w)
        run()
        t0, reps = time.perf_counter(), 0
        while time.perf_counter() - t0 < 0.05:
            run(); reps += 1
        n = int(0.1 / ((time.perf_counter() - t0) / reps)) + 1
        best = 1e30
        for _ in range(rounds):
            t0 = time.perf_counter()
            for _ in range(n):
                run()
            best = min(best, (time.perf_counter() - t0) / n)
        out[f"torch-{name} {M} {N} {K} 1"] = 2.0 * M * N * K / best / 1e9
print(json.dumps(out))
"""


def build():
    """gemm_bench against build/libkilnrt.a, with OpenBLAS when its header is there."""
    subprocess.run(["make", "-s", "build/libkilnrt.a"], cwd=ROOT, check=True)
    os.makedirs(os.path.dirname(EXE), exist_ok=True)
    blas = os.path.exists("/usr/include/x86_64-linux-gnu/cblas.h") or os.path.exists("/usr/include/cblas.h")
    cmd = ["cc", "-std=c11", "-D_GNU_SOURCE", "-O2", "-I" + os.path.join(ROOT, "runtime"), "-o", EXE,
           os.path.join(ROOT, "bench", "gemm_bench.c"), os.path.join(ROOT, "build", "libkilnrt.a")]
    cmd += ["-lopenblas"] if blas else ["-DNO_BLAS"]
    subprocess.run(cmd + ["-lutf8proc", "-lm", "-lpthread"], check=True)
    return blas


def run_c(threads, quick):
    env = dict(os.environ, KILN_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads))
    p = subprocess.run([EXE] + (["--quick"] if quick else []), env=env, capture_output=True, text=True, check=True)
    res = {}
    for line in p.stdout.splitlines():
        f = line.split()
        if f[0] == "isa":
            res["isa"] = f[1]
        elif f[0] == "peak":
            res["peak " + f[1]] = float(f[2])
        elif f[0] not in ("threads", "blocks"):
            res[" ".join(f[:5])] = float(f[5])
    return res


def run_torch(threads, quick):
    py = "/usr/bin/python3"
    try:
        p = subprocess.run([py, "-c", TORCH, str(threads), "3" if quick else "7", json.dumps(SHAPES)],
                           capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if p.returncode != 0:
        return None
    return json.loads(p.stdout.strip().splitlines()[-1])


def best_merge(into, res):
    for k, v in res.items():
        if k == "isa":
            into[k] = v
        elif k != "version":
            into[k] = max(into.get(k, 0.0), v)


def machine():
    cpu = "unknown CPU"
    flags = set()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name") and cpu == "unknown CPU":
                    cpu = line.split(":", 1)[1].strip()
                if line.startswith("flags") and not flags:
                    flags = set(line.split(":", 1)[1].split())
    except OSError:
        pass
    isa = [x for x in ("avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512_bf16", "avx512_fp16", "amx_bf16")
           if x in flags]
    return f"{cpu}, {os.cpu_count()} CPUs ({', '.join(isa)}); {platform.platform()}"


def section(res, blas, torch_version, cmd, minutes, load0, load1, isa):
    def cell(key):
        v = res.get(key)
        return "—" if v is None else f"{v:.1f}"

    L = [BEGIN, "## Tensor: GEMM", "",
         f"Written by `{cmd}` on {datetime.date.today().isoformat()} in {minutes:.1f} minutes;"
         " do not edit by hand.", "",
         f"Machine: {machine()}. Load average (1 min) {load0:.2f} at the start, {load1:.2f} at the end"
         " (other work on the 2 CPUs inflates the 2-thread figures most).", "",
         "GFLOP/s (2·M·N·K / seconds; higher is better), best of the runs. C = x @ W.T with W stored N×K"
         " (a Linear layer's weight). kiln f32 / bf16 W / f16 W: `kr_gemm_f32` / `kr_gemm_f32_bf16` /"
         " `kr_gemm_f32_f16` (x and C float32, W in its dtype); kiln bf16: `kr_gemm_bf16` (x rounded to"
         f" bfloat16 too); libkilnrt's ISA here: {isa}; OpenBLAS: `cblas_sgemm`{'' if blas else ' (missing)'};"
         f" PyTorch {torch_version or '(missing)'}: `F.linear`, bf16 = x and W both bfloat16.", ""]
    impls = [("kiln f32", "kiln-f32"), ("kiln bf16 W", "kiln-bf16"), ("kiln f16 W", "kiln-f16"),
             ("kiln bf16", "kiln-bf16x"), ("OpenBLAS f32", "openblas"), ("PyTorch f32", "torch-f32"), ("PyTorch bf16", "torch-bf16")]
    head = "| M×K · K×N | " + " | ".join(f"{n} {t}T" for n, _ in impls for t in THREADS) + " |"
    L += [head, "|---|" + "---:|" * (len(impls) * len(THREADS))]
    for (M, N, K) in SHAPES:
        row = [f"{M}×{K} · {K}×{N}"]
        for _, key in impls:
            for t in THREADS:
                row.append(cell(f"{t}T {key} {M} {N} {K} 1"))
        L.append("| " + " | ".join(row) + " |")
    L += ["", "Ratios (from the table): kiln f32 over OpenBLAS (goal ≥ 0.90); kiln bf16 W and kiln bf16"
          " over kiln f32 (goal for bf16 ≥ 1.6x where the CPU has avx512_bf16).", "",
          "| M×K · K×N | kiln/OpenBLAS 1T | kiln/OpenBLAS 2T | bf16 W/f32 1T | bf16 W/f32 2T"
          " | bf16/f32 1T | bf16/f32 2T |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    for (M, N, K) in SHAPES:
        row = [f"{M}×{K} · {K}×{N}"]
        for num, den in (("kiln-f32", "openblas"), ("kiln-bf16", "kiln-f32"), ("kiln-bf16x", "kiln-f32")):
            for t in THREADS:
                a, b = res.get(f"{t}T {num} {M} {N} {K} 1"), res.get(f"{t}T {den} {M} {N} {K} 1")
                row.append(f"{a / b:.2f}x" if a and b else "—")
        L.append("| " + " | ".join(row) + " |")
    peaks = [f"{isa}: {res[f'peak {isa}']:.1f} GFLOP/s" for isa in ("avx512", "avx2") if f"peak {isa}" in res]
    L += ["", "FMA peak of one core, float32 (independent FMAs in registers): " + "; ".join(peaks) +
          ". Two cores: twice that at best.", "",
          "kiln bf16 W (`kr_gemm_f32_bf16`) widens the weights to float32 as it packs them and multiplies"
          " in float32 (exact products, f32's accuracy): at M = 1 (GEMV, memory-bound) it moves half the"
          " bytes and runs up to 2x faster; at larger M the work is compute-bound and runs at the f32 speed."
          " kiln bf16 (`kr_gemm_bf16`) rounds x to bfloat16 as well and, on a CPU with avx512_bf16, runs"
          " VDPBF16PS (two multiply-adds per lane): about twice the f32 rate, with PyTorch bf16's"
          " accuracy.", END, ""]
    return L


def write_section(path, lines):
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else "# kiln benchmarks\n"
    text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", "", text, flags=re.S).rstrip("\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n\n" + "\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each program, best kept (default 3)")
    ap.add_argument("--quick", action="store_true", help="fewer timed rounds per run")
    ap.add_argument("--out", default="bench/RESULTS.md")
    opts = ap.parse_args()
    t0, load0 = time.perf_counter(), os.getloadavg()[0]
    blas = build()
    res, tv = {}, None
    for r in range(opts.repeat):  # rounds interleaved, so a busy spell hits all alike
        for t in THREADS:
            best_merge(res, {f"{t}T {k}" if not k.startswith(("peak", "isa")) else k: v
                             for k, v in run_c(t, opts.quick).items()})
            tr = run_torch(t, opts.quick)
            if tr:
                tv = tr["version"]
                best_merge(res, {f"{t}T {k}": v for k, v in tr.items() if k != "version"})
        print(f"bench-gemm: round {r + 1} of {opts.repeat} done", file=sys.stderr)
    cmd = "make bench-gemm  # python3 bench/bench_gemm.py" + "".join(f" {a}" for a in sys.argv[1:])
    lines = section(res, blas, tv, cmd, (time.perf_counter() - t0) / 60, load0, os.getloadavg()[0],
                    res.get("isa", "?"))
    write_section(os.path.join(ROOT, opts.out), lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
