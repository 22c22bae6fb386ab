#!/usr/bin/env python3
"""bench/tensor.py — numpy-style programs side by side (bench.py calls it for
`make bench`; it runs alone too and prints its RESULTS.md section).

Each program of bench/tensor/ is plain numpy: a `kernel` function and a
`main()` that builds its inputs, times the kernel in-process (best of several
rounds, so start-up and JIT compilation are not counted) and prints its result
and "time: X ms". Implementations, one at a time:

  numpy     Debian's /usr/bin/python3 with python3-numpy, the file as it is
  kiln      bin/kiln build -O2, the file as it is
  Numba     the file with `@numba.njit` on kernel (python3-numba); a kernel
            Numba cannot compile is reported with its first error line
  Pythran   kernel alone, with a `#pythran export` line of the types the
            table below gives, compiled by pythran -O3 (python3-pythran) and
            imported in place of the file's kernel

Every implementation's result lines must equal numpy's; a mismatch is
reported and its time left out. The ratio is the fastest peer's time over
kiln's (above 1: kiln is faster). The goal is 2x.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = "/usr/bin/python3"

# program: Pythran's export signature of kernel
PROGRAMS = {
    "softmax": "float32[:,:]",
    "layernorm": "float32[:,:], float32[:], float32[:]",
    "attention": "float32[:,:,:], float32[:,:,:], float32[:,:,:]",
    "cosine_topk": "float32[:,:], float32[:]",
    "mlp": "float32[:,:], float32[:,:], float32[:], float32[:,:], float32[:]",
    "preprocess": "uint8[:,:,:], float32[:], float32[:]",
}

TIME_RE = re.compile(r"^time: ([0-9.]+) ms$", re.M)


def run(cmd, cwd=None, env=None, timeout=900):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    if p.returncode != 0:
        lines = [l.strip() for l in (p.stderr or p.stdout).strip().splitlines() if l.strip()]
        errs = [l for l in lines if re.match(r"^[\w.]*(Error|Exception)\b", l) or "error:" in l]
        return None, (errs[0] if errs else lines[-1] if lines else f"exit {p.returncode}")[:200]
    return p.stdout, None


def split(out):
    """(result lines, ms) of a program's output."""
    m = TIME_RE.search(out)
    return TIME_RE.sub("", out).strip(), float(m.group(1)) if m else None


def kernel_source(src):
    """The kernel function's lines and the file's lines without it."""
    lines = src.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("def kernel("))
    end = start + 1
    while end < len(lines) and (not lines[end] or lines[end].startswith((" ", "\t"))):
        end += 1
    return lines[start:end], lines[:start] + lines[end:]


def numba_variant(src, out):
    with open(out, "w") as f:
        f.write("import numba\n" + src.replace("\ndef kernel(", "\n@numba.njit(cache=False)\ndef kernel("))


def pythran_variant(name, src, sig, outdir):
    """Compile kernel with Pythran; returns the driver's path or an error."""
    kern, rest = kernel_source(src)
    mod = f"pythran_{name}_kernel"
    kpath = os.path.join(outdir, mod + ".py")
    with open(kpath, "w") as f:
        f.write(f"#pythran export kernel({sig})\nimport numpy as np\n\n" + "\n".join(kern) + "\n")
    _, err = run(["pythran", "-O3", kpath, "-o", os.path.join(outdir, mod + ".so")], cwd=outdir, timeout=1800)
    if err:
        return None, err
    drv = os.path.join(outdir, f"pythran_{name}.py")
    body = "\n".join(rest).replace("import numpy as np\n", f"import numpy as np\nfrom {mod} import kernel\n", 1)
    with open(drv, "w") as f:
        f.write(body + "\n")
    return drv, None


def tensor_programs(kiln, outdir, programs=None):
    """Runs the programs; returns RESULTS.md lines."""
    os.makedirs(outdir, exist_ok=True)
    have_numba = run([PY, "-c", "import numba"])[1] is None
    have_pythran = run(["pythran", "--version"])[1] is None
    rows, notes, ratios = [], [], []
    for name in programs or PROGRAMS:
        path = os.path.join(ROOT, "bench", "tensor", name + ".py")
        src = open(path).read()
        ref_out, err = run([PY, path])
        if err:
            notes.append(f"- {name}: numpy failed: {err}")
            continue
        ref, t_np = split(ref_out)
        times = {"numpy": t_np}
        exe = os.path.join(outdir, "kiln_" + name)
        _, err = run([kiln, "build", "-O2", path, "-o", exe])
        out, err = (None, err) if err else run([exe])
        if out is not None:
            res, t = split(out)
            if res == ref:
                times["kiln"] = t
            else:
                notes.append(f"- {name}: kiln's result differs from numpy's: {res!r} vs {ref!r}")
        else:
            notes.append(f"- {name}: kiln: {err}")
        if have_numba:
            nb = os.path.join(outdir, f"numba_{name}.py")
            numba_variant(src, nb)
            out, err = run([PY, nb])
            if out is not None and split(out)[0] == ref:
                times["Numba"] = split(out)[1]
            else:
                notes.append(f"- {name}: Numba: {err or 'result differs'}")
        if have_pythran:
            drv, err = pythran_variant(name, src, PROGRAMS[name], outdir)
            out, err = (None, err) if err else run([PY, drv], cwd=outdir)
            if out is not None and split(out)[0] == ref:
                times["Pythran"] = split(out)[1]
            else:
                notes.append(f"- {name}: Pythran: {err or 'result differs'}")
        peers = [times[k] for k in ("numpy", "Numba", "Pythran") if k in times]
        best = min(peers)
        k = times.get("kiln")
        ratio = best / k if k else None
        if ratio:
            ratios.append(ratio)
        cell = lambda key: f"{times[key]:.3f}" if key in times else "—"
        rows.append(f"| {name} | {cell('numpy')} | {cell('Numba')} | {cell('Pythran')} | {cell('kiln')} | "
                    + (f"{ratio:.2f}x" if ratio else "—") + " |")
        print(rows[-1], file=sys.stderr)
    lines = ["## Tensor programs", "",
             "numpy-style programs of `bench/tensor/` (best in-process time of the kernel, ms; one machine, "
             "2 cores, shared). Ratio: the fastest peer's time over kiln's; goal 2x.", "",
             "| program | numpy | Numba | Pythran | kiln | fastest peer / kiln |",
             "|---|---|---|---|---|---|"] + rows
    if ratios:
        g = 1.0
        for r in ratios:
            g *= r
        lines += ["", f"Geometric mean of the ratios: {g ** (1 / len(ratios)):.2f}x."]
    if notes:
        lines += ["", "Notes:"] + notes
    return lines + [""]


if __name__ == "__main__":
    names = sys.argv[1].split(",") if len(sys.argv) > 1 else None
    print("\n".join(tensor_programs(os.path.join(ROOT, "bin", "kiln"), os.path.join(ROOT, "build", "bench", "tensor"),
                                    names)))
