#!/usr/bin/env python3
"""bench/bench.py — kiln's benchmarks, side by side on this machine; writes
bench/RESULTS.md (`make bench` runs it). Standard library only.

Front end: read, decode and parse every .py file of the CPython standard
library folder (the one the parity test uses: sysconfig's "stdlib" path of the
python3 running this script) in one process:

  kiln      bin/kiln parse -v FILE...   (its own timing line on stderr)
  CPython   open(f, 'rb').read() and ast.parse() over the same files, timed
            inside the interpreter: Debian's /usr/bin/python3 and the python3
            first on PATH (a pyenv build here), each when present.

Each is run --repeat times and the best time is kept; the files are read once
beforehand so every run finds them in the page cache. The ratio is CPython's
time over kiln's. The goal is kiln at least 3x faster.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Runs inside each CPython: the file list comes on stdin, one relative path a
# line; prints one JSON line.
PY_PARSE = r"""
import ast, json, sys, time, warnings
warnings.simplefilter("ignore")
files = sys.stdin.read().splitlines()
failed = nbytes = 0
t0 = time.perf_counter()
for f in files:
    with open(f, "rb") as fh:
        data = fh.read()
    nbytes += len(data)
    try:
        ast.parse(data)
    except (SyntaxError, ValueError):
        failed += 1
t = time.perf_counter() - t0
print(json.dumps({"files": len(files), "bytes": nbytes, "failed": failed, "seconds": t,
                  "version": sys.version.split()[0]}))
"""

KILN_LINE = re.compile(r"kiln parse: (\d+) files, (\d+) bytes, (\d+) failed, ([0-9.]+) s")
ARG_BYTES = 1 << 20  # arguments per kiln process; Linux allows about 2 MiB with the environment


def corpus(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(d, f), root))
    return out


def chunks(files):
    """Split the argument list so that no exec hits the kernel's limit."""
    out, cur, size = [], [], 0
    for f in files:
        if cur and size + len(f) + 1 > ARG_BYTES:
            out.append(cur)
            cur, size = [], 0
        cur.append(f)
        size += len(f) + 1
    if cur:
        out.append(cur)
    return out


def run_kiln(kiln, root, files):
    """(internal seconds, wall seconds, files, bytes, failed, processes)."""
    secs = wall = 0.0
    nfiles = nbytes = failed = 0
    parts = chunks(files)
    for part in parts:
        t0 = time.perf_counter()
        p = subprocess.run([kiln, "parse", "-v", *part], cwd=root, capture_output=True)
        wall += time.perf_counter() - t0
        err = p.stderr.decode("utf-8", "replace")
        m = None
        for m in KILN_LINE.finditer(err):
            pass
        if m is None or p.returncode not in (0, 1):
            sys.exit(f"bench: kiln parse failed (exit {p.returncode}):\n{err[-2000:]}")
        nfiles += int(m.group(1))
        nbytes += int(m.group(2))
        failed += int(m.group(3))
        secs += float(m.group(4))
    return secs, wall, nfiles, nbytes, failed, len(parts)


def run_python(python, root, files):
    """(internal seconds, wall seconds, files, bytes, failed, version)."""
    t0 = time.perf_counter()
    p = subprocess.run([python, "-c", PY_PARSE], cwd=root, input="\n".join(files).encode(),
                       capture_output=True)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"bench: {python} failed:\n{p.stderr.decode('utf-8', 'replace')[-2000:]}")
    r = json.loads(p.stdout)
    return r["seconds"], wall, r["files"], r["bytes"], r["failed"], r["version"]


def pythons():
    """Debian's CPython and the one first on PATH, each once."""
    out, seen = [], set()
    for label, path in (("/usr/bin/python3", "/usr/bin/python3"),
                        ("python3 on PATH", shutil.which("python3"))):
        if not path or not os.path.exists(path):
            continue
        real = subprocess.run([path, "-c", "import sys; print(sys.executable)"],
                              capture_output=True, text=True).stdout.strip()
        key = os.path.realpath(real or path)
        if key in seen:
            continue
        seen.add(key)
        out.append((label, path, real or path))
    return out


def machine():
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cc = subprocess.run(["cc", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    return f"{cpu}, {os.cpu_count()} CPUs; {platform.platform()}; cc: {cc}"


def main():
    ap = argparse.ArgumentParser(description="kiln benchmarks; writes bench/RESULTS.md")
    ap.add_argument("--kiln", default="bin/kiln", help="the kiln binary (default bin/kiln)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each, best kept (default 3)")
    ap.add_argument("--stdlib", default=None, help="corpus folder (default: this python's stdlib)")
    ap.add_argument("--out", default="bench/RESULTS.md", help="where to write the results")
    opts = ap.parse_args()

    kiln = os.path.abspath(os.path.join(ROOT, opts.kiln))
    if not os.access(kiln, os.X_OK):
        sys.exit(f"bench: no kiln binary at {opts.kiln} (run make)")
    root = os.path.abspath(opts.stdlib or sysconfig.get_paths()["stdlib"])
    files = corpus(root)
    total = 0
    for f in files:  # warm the page cache
        with open(os.path.join(root, f), "rb") as fh:
            total += len(fh.read())
    print(f"bench: front end over {len(files)} files, {total / 1e6:.1f} MB in {root};"
          f" best of {opts.repeat}", flush=True)

    best = None
    for _ in range(opts.repeat):
        r = run_kiln(kiln, root, files)
        best = r if best is None or r[0] < best[0] else best
    k_secs, k_wall, k_files, k_bytes, k_failed, k_procs = best
    print(f"  kiln      {k_secs:8.3f} s  ({k_failed} files failed)", flush=True)

    rows = []
    for label, path, real in pythons():
        bestp = None
        for _ in range(opts.repeat):
            r = run_python(path, root, files)
            bestp = r if bestp is None or r[0] < bestp[0] else bestp
        p_secs, p_wall, p_files, p_bytes, p_failed, version = bestp
        ratio = p_secs / k_secs if k_secs > 0 else float("inf")
        print(f"  CPython {version} ({label}) {p_secs:8.3f} s  CPython/kiln: {ratio:.1f}x", flush=True)
        rows.append((f"CPython {version} `ast.parse` ({label}: {real})", p_secs, p_wall, p_failed, ratio))

    cmd = "make bench  # python3 bench/bench.py" + "".join(
        f" {a}" for a in sys.argv[1:])
    mb = total / 1e6
    lines = [
        "# kiln benchmarks",
        "",
        f"Written by `{cmd}` on {datetime.date.today().isoformat()}; do not edit by hand.",
        "",
        f"Machine: {machine()}.",
        "",
        "## Front end: parse the CPython 3.11 standard library",
        "",
        f"Every `.py` file under `{root}` ({len(files)} files, {mb:.1f} MB): each file read,"
        " decoded and parsed into a syntax tree, all in one process; best of"
        f" {opts.repeat} runs, timed inside the process (wall time, process start included, in"
        " brackets). kiln: `bin/kiln parse -v FILE...`"
        + (f" ({k_procs} processes: the file list is split to fit the argument limit)" if k_procs > 1 else "")
        + "; CPython: `ast.parse(open(f, 'rb').read())` in a loop. Goal: kiln at least 3x faster.",
        "",
        "| parser | time (s) | MB/s | files rejected | CPython time / kiln time |",
        "|---|---:|---:|---:|---:|",
        f"| kiln `parse` (`{opts.kiln}`) | {k_secs:.3f} ({k_wall:.3f}) | {mb / k_secs:.1f} | {k_failed} | 1.0 |",
    ]
    for name, secs, wall, failed, ratio in rows:
        lines.append(f"| {name} | {secs:.3f} ({wall:.3f}) | {mb / secs:.1f} | {failed} | **{ratio:.1f}x** |")
    lines += [
        "",
        "A file both reject (a few files in the test data are invalid on purpose) is still read and"
        " tokenized up to its error by both. A kiln rejection count above CPython's means kiln's"
        " parser fails on valid files, and its time is then not comparable.",
        "",
    ]
    with open(os.path.join(ROOT, opts.out), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"bench: wrote {opts.out}")


if __name__ == "__main__":
    main()
