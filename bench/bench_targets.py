#!/usr/bin/env python3
"""bench/bench_targets.py — the size of the compiled example library per
target: the "Size per target" section of bench/RESULTS.md (`make
bench-targets` runs it; `make bench` too). Standard library only.

For every target `kiln targets` says this machine builds, it compiles
examples/embed/embed.py with `kiln compile --target T -O2` and reports the
file's size as written and after the target's strip (binutils'
TRIPLE-strip; a wasm library is already built without debug information,
-g0, and its .js loader is counted beside the .wasm).

    python3 bench/bench_targets.py [--out bench/RESULTS.md]
"""
import argparse
import datetime
import os
import re
import shutil
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KILN = os.path.join(ROOT, "bin", "kiln")
BEGIN, END = "<!-- targets: begin -->", "<!-- targets: end -->"
EXT = {"x86_64-linux-gnu": ".so", "aarch64-linux-gnu": ".so", "x86_64-w64-mingw32": ".dll",
       "wasm32-emscripten": ".js"}
STRIP = {"x86_64-linux-gnu": "strip", "aarch64-linux-gnu": "aarch64-linux-gnu-strip",
         "x86_64-w64-mingw32": "x86_64-w64-mingw32-strip"}


def buildable():
    out = subprocess.run([KILN, "targets"], capture_output=True, text=True).stdout
    return [l.split()[0] for l in out.splitlines()[1:] if len(l.split()) > 1 and l.split()[1] == "yes"]


def kb(n):
    return f"{n / 1024:.1f} KB"


def measure(target, tmp):
    lib = os.path.join(tmp, "embed-" + target + EXT[target])
    t0 = time.perf_counter()
    p = subprocess.run([KILN, "compile", "--target", target, "-O2", "examples/embed/embed.py", "-o", lib],
                       capture_output=True, text=True, cwd=ROOT)
    secs = time.perf_counter() - t0
    if p.returncode != 0:
        return [target, "build failed: " + (p.stderr.strip().splitlines() or ["?"])[-1][:120], "", "", ""]
    files = [lib]
    if target == "wasm32-emscripten":
        files.append(lib[:-3] + ".wasm")
    size = sum(os.path.getsize(f) for f in files)
    stripped = "—"
    if target in STRIP and shutil.which(STRIP[target]):
        s = lib + ".stripped"
        if subprocess.run([STRIP[target], "-o", s, lib]).returncode == 0:
            stripped = kb(os.path.getsize(s))
    else:
        stripped = kb(size) + " (built with -g0)"
    what = " + ".join(os.path.basename(f).replace("embed-" + target, "embed") for f in files)
    return [target, what, kb(size), stripped, f"{secs:.1f} s"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="bench/RESULTS.md")
    opts = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for t in buildable():
            rows.append(measure(t, tmp))
    L = [BEGIN, "## Size per target: the example library", "",
         f"Written by `make bench-targets  # python3 bench/bench_targets.py` on {datetime.date.today().isoformat()};"
         " do not edit by hand.", "",
         "`kiln compile --target T -O2 examples/embed/embed.py` (the seed example: the GloVe encoder of"
         " kiln.models, numpy, safetensors, json), for each target `kiln targets` says this machine builds."
         " The runtime, PCRE2 and utf8proc are inside each file; a Windows DLL has winpthreads and libgcc"
         " too (`-static`). Build time includes the C compiler (and for wasm Binaryen's optimiser), not"
         " the target runtime's one-time build.", "",
         "| target | files | size | stripped | build |", "|---|---|---:|---:|---:|"]
    L += ["| " + " | ".join(r) + " |" for r in rows]
    L += [END, ""]
    text = open(opts.out, encoding="utf-8").read() if os.path.exists(opts.out) else "# kiln benchmarks\n"
    text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", "", text, flags=re.S).rstrip("\n")
    with open(opts.out, "w", encoding="utf-8") as f:
        f.write(text + "\n\n" + "\n".join(L))
    print("\n".join(L))


if __name__ == "__main__":
    main()
