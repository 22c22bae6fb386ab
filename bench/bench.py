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

Core language: the programs of bench/core/ (PROGRAMS below: plain annotated
Python, each prints a result so that every implementation can be checked),
run side by side in one run by

  CPython   the python3 first on PATH (a pyenv 3.11.7 here) and Debian's
            /usr/bin/python3 (3.11.2), each on the .py file
  PyPy      Debian's pypy3, on the .py file
  Cython    cython3 --embed -X binding=False, then gcc -O2 against
            /usr/bin/python3's headers and libpython3.11 (python3-config)
  mypyc     mypyc (Debian's mypy) compiles the module to an extension for
            /usr/bin/python3, which imports it and calls main()
  kiln      bin/kiln build -O2

Everything is built first (two at a time), then timed one at a time: each
implementation runs each program --core-repeat times (fewer when one run takes
over SLOW_RUN seconds), the rounds interleaved, and the best wall time is kept
(CPU time, user + system, is recorded beside it: this machine may be shared).
Every run's output must equal the output of the python3 on PATH; a mismatch
is printed and reported, and its time is left out of the means. A peer that
is not installed is reported as missing; a program kiln cannot compile yet is
reported with kiln's first diagnostic line. Ratios are CPython's time over the
implementation's (above 1: faster than CPython), against both CPythons, and
their geometric mean over the programs.

Also measured: the stripped size of kiln's hello world (bench/hello.py; goal
at most 150 KB) and the wall time of `kiln build -O2` on bench/core/build300.py,
a 300-line program (goal at most 1 s).

Build outputs go to build/bench/. Options: --skip-front, --skip-core, and
--programs NAME,NAME to run a part (RESULTS.md then holds only that part).
"""

import argparse
import concurrent.futures
import datetime
import hashlib
import json
import math
import os
import platform
import re
import resource
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


def front_end(opts, kiln):
    """Times the front end; returns its RESULTS.md section as lines."""
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

    mb = total / 1e6
    lines = [
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
    return lines


# ---------------------------------------------------------------- core suite

# The programs of bench/core/, in report order, with what each exercises.
PROGRAMS = [
    ("nbody", "n-body: float arithmetic in parallel lists"),
    ("fannkuch", "fannkuch: permutations, int lists, swaps"),
    ("spectral_norm", "spectral norm: nested loops, int to float, calls"),
    ("nqueens", "n-queens: recursion, lists of bools"),
    ("scheduler", "richards-like scheduler without classes: global tables, dispatch"),
    ("wordfreq", "word frequency: str split/strip/lower, dict counting, text generation"),
    ("bpe", "BPE merges: str concatenation, dict counting, list rebuilding"),
    ("jsonbuild", "JSON-like string builder: escapes, slices, joins, f-strings"),
    ("tasks_oop", "scheduler of job objects: classes, overriding, dynamic dispatch, linked objects"),
    ("raytrace", "ray tracer: a Vec class with operator dunders, a new object per operation"),
    ("records", "dict of dataclasses: parse, index, group, rank with sorted(key=), f-string report"),
]
CORE = os.path.join(ROOT, "bench", "core")
OUTDIR = os.path.join(ROOT, "build", "bench")
SLOW_RUN = 12.0    # seconds: an implementation slower than this runs a program once only
RUN_TIMEOUT = 300  # seconds for one run
DEBIAN_PY = "/usr/bin/python3"

# Imports the mypyc-built extension (never the .py) and runs main().
MYPYC_RUNNER = (
    "import sys; sys.path.insert(0, sys.argv[1]); import importlib; "
    "m = importlib.import_module(sys.argv[2]); "
    "sys.exit('bench: ' + m.__file__ + ' is not a compiled extension') "
    "if not m.__file__.endswith('.so') else m.main()")


def sh(cmd, **kw):
    """subprocess.run capturing text output; never raises for a missing program."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True, errors="replace", **kw)
    except OSError as e:
        return subprocess.CompletedProcess(cmd, 127, "", str(e))


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def real_python(path):
    """The interpreter a python3 command really runs (pyenv's shim is a script) and its version."""
    r = sh([path, "-c", "import sys; print(sys.executable); print(sys.version.split()[0])"])
    if r.returncode != 0:
        return None, None
    exe, version = r.stdout.split("\n")[:2]
    return exe, version


class Impl:
    """One implementation: how to build a program (may be none) and the command that runs it."""

    def __init__(self, key, label, version, missing=None):
        self.key, self.label, self.version, self.missing = key, label, version, missing
        self.build_error = {}   # program -> first diagnostic line
        self.build_secs = {}    # program -> build wall seconds
        self.build_cached = {}  # program -> seconds the reused earlier build took (None: built now)
        self.cmds = {}          # program -> argv

    def dir(self):
        d = os.path.join(OUTDIR, self.key)
        os.makedirs(d, exist_ok=True)
        return d


def source_stamp(path, extra):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read() + extra.encode()).hexdigest()


def cached(stamp_file, stamp, outputs):
    """The seconds an earlier build took, when it was made from the same source and
    tools and its outputs are still there; None otherwise."""
    try:
        with open(stamp_file) as f:
            got, _, secs = f.read().partition("\n")
    except OSError:
        return None
    if got != stamp or not all(os.path.exists(o) for o in outputs):
        return None
    try:
        return float(secs)
    except ValueError:
        return 0.0


def write_stamp(stamp_file, stamp, t0):
    with open(stamp_file, "w") as f:
        f.write(f"{stamp}\n{time.perf_counter() - t0:.3f}")


def build_cython(impl, prog, src):
    d = impl.dir()
    c_file, exe = os.path.join(d, prog + ".c"), os.path.join(d, prog)
    stamp_file, stamp = exe + ".stamp", source_stamp(src, impl.version + impl.flags)
    t0 = time.perf_counter()
    impl.build_cached[prog] = cached(stamp_file, stamp, [exe])
    if impl.build_cached[prog] is None:
        if os.path.exists(stamp_file):
            os.remove(stamp_file)
        r = sh(["cython3", "-3", "--embed", "-X", "binding=False", src, "-o", c_file])
        if r.returncode != 0:
            return first_line(r.stderr + r.stdout) or f"cython3 exit {r.returncode}"
        r = sh(["gcc", "-O2", "-w", *impl.flags.split(), c_file, "-o", exe, *impl.ldflags.split()])
        if r.returncode != 0:
            return first_line(r.stderr + r.stdout) or f"gcc exit {r.returncode}"
        write_stamp(stamp_file, stamp, t0)
    impl.cmds[prog] = [exe]
    return None


def build_mypyc(impl, prog, src):
    d = os.path.join(impl.dir(), prog)
    os.makedirs(d, exist_ok=True)
    stamp_file, stamp = os.path.join(d, "stamp"), source_stamp(src, impl.version)
    exts = [f for f in os.listdir(d) if f.startswith(prog + ".") and f.endswith(".so")]
    t0 = time.perf_counter()
    impl.build_cached[prog] = cached(stamp_file, stamp, [os.path.join(d, exts[0])]) if exts else None
    if impl.build_cached[prog] is None:
        for f in os.listdir(d):
            p = os.path.join(d, f)
            shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)
        shutil.copy(src, os.path.join(d, prog + ".py"))
        r = sh(["mypyc", prog + ".py"], cwd=d)
        os.remove(os.path.join(d, prog + ".py"))  # only the extension may be imported
        exts = [f for f in os.listdir(d) if f.startswith(prog + ".") and f.endswith(".so")]
        if r.returncode != 0 or not exts:
            out = r.stdout + r.stderr
            errs = [l for l in out.splitlines() if ": error:" in l]
            return (errs[0] if errs else first_line(out)) or f"mypyc exit {r.returncode}"
        write_stamp(stamp_file, stamp, t0)
    impl.cmds[prog] = [DEBIAN_PY, "-c", MYPYC_RUNNER, d, prog]
    return None


def build_kiln(impl, prog, src):
    exe = os.path.join(impl.dir(), prog)
    if os.path.exists(exe):
        os.remove(exe)
    r = sh([impl.kiln, "build", "-O2", src, "-o", exe])
    if r.returncode != 0 or not os.path.exists(exe):
        errs = [l for l in r.stderr.splitlines() if re.search(r": error(\[K\d{4}\])?:", l)]
        line = errs[0] if errs else first_line(r.stderr + r.stdout)
        return (line or f"exit {r.returncode}").replace(ROOT + "/", "")
    impl.cmds[prog] = [exe]
    return None


def implementations(kiln):
    """Every implementation, in report order; the ones not installed are marked missing."""
    out = []
    seen = set()
    for key, label, path in (("cpython-path", "CPython (python3 on PATH)", shutil.which("python3")),
                             ("cpython-debian", "CPython (/usr/bin/python3)", DEBIAN_PY)):
        exe, version = real_python(path) if path and os.path.exists(path) else (None, None)
        impl = Impl(key, label, f"CPython {version}" if version else "",
                    None if exe else f"{path or 'python3'} not found")
        if exe:
            impl.label = f"CPython {version} ({'python3 on PATH: ' + exe if key == 'cpython-path' else exe})"
            if os.path.realpath(exe) in seen:
                impl.missing = "the same interpreter as the python3 on PATH"
            seen.add(os.path.realpath(exe))
            impl.build = None
            impl.exe = exe
        out.append(impl)

    pypy = shutil.which("pypy3")
    impl = Impl("pypy", "PyPy (pypy3)", "", None if pypy else "pypy3 not installed (scripts/setup.sh bench)")
    if pypy:
        r = sh([pypy, "-c", "import sys, platform; print(platform.python_version(),"
                " '.'.join(map(str, sys.pypy_version_info[:3])))"])
        pv = r.stdout.split()
        impl.version = f"PyPy {pv[1]} (Python {pv[0]})" if len(pv) == 2 else "PyPy"
        impl.label = f"PyPy {pv[1] if len(pv) == 2 else ''} (`pypy3`, Python {pv[0] if pv else '?'})"
        impl.build = None
        impl.exe = pypy
    out.append(impl)

    impl = Impl("cython", "Cython", "")
    cfg = DEBIAN_PY + "-config"
    if not shutil.which("cython3"):
        impl.missing = "cython3 not installed (scripts/setup.sh bench)"
    elif not os.path.exists(cfg) or not os.path.exists("/usr/include/python3.11/Python.h"):
        impl.missing = "python3-dev (Python.h, libpython3.11) not installed"
    else:
        v = sh(["cython3", "--version"])
        impl.version = (v.stdout + v.stderr).strip().replace("Cython version", "Cython")
        impl.label = f"{impl.version} (`cython3 --embed`, gcc -O2, libpython 3.11.2)"
        impl.flags = sh([cfg, "--includes"]).stdout.strip()
        impl.ldflags = sh([cfg, "--ldflags", "--embed"]).stdout.strip()
        impl.build = build_cython
    out.append(impl)

    impl = Impl("mypyc", "mypyc", "")
    if not shutil.which("mypyc"):
        impl.missing = "mypyc not installed (Debian package mypy: scripts/setup.sh bench)"
    else:
        v = sh([DEBIAN_PY, "-c", "import mypy.version; print(mypy.version.__version__)"])
        impl.version = f"mypyc {v.stdout.strip()}"
        impl.label = f"mypyc (mypy {v.stdout.strip()}, run by /usr/bin/python3)"
        impl.build = build_mypyc
    out.append(impl)

    impl = Impl("kiln", "kiln", "kiln")
    impl.kiln = kiln
    impl.label = f"kiln (`{os.path.relpath(kiln, ROOT)} build -O2`)"
    impl.build = build_kiln
    out.append(impl)
    return out


def build_all(impls, progs):
    jobs = []
    for impl in impls:
        if impl.missing:
            continue
        for prog in progs:
            src = os.path.join(CORE, prog + ".py")
            if impl.build is None:
                impl.cmds[prog] = [impl.exe, src]
            else:
                jobs.append((impl, prog, src))

    def one(job):
        impl, prog, src = job
        t0 = time.perf_counter()
        err = impl.build(impl, prog, src)
        impl.build_secs[prog] = time.perf_counter() - t0
        if err:
            impl.build_error[prog] = err
        was = impl.build_cached.get(prog)
        print(f"  built {impl.key:8} {prog:14} {impl.build_secs[prog]:6.1f} s"
              + (f" (reused: took {was:.1f} s)" if was is not None else "")
              + (f"  FAILED: {err}" if err else ""), flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(one, jobs))


def timed(cmd):
    """(wall seconds, CPU seconds, exit code, stdout, stderr) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=RUN_TIMEOUT, cwd=CORE)
        code, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        code, out, err = "timeout", e.stdout or b"", e.stderr or b""
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, code, out, err


def run_all(impls, progs, repeat):
    """results[impl.key][prog] = dict(wall=, cpu=, runs=, error=)."""
    results = {impl.key: {} for impl in impls}
    ref = {}
    for prog in progs:
        print(f"  {prog}:", flush=True)
        live = [i for i in impls if prog in i.cmds and not i.missing and prog not in i.build_error]
        for rnd in range(repeat):
            for impl in live:
                res = results[impl.key].setdefault(prog, {"wall": None, "cpu": None, "runs": 0})
                if res.get("error") or (rnd > 0 and res["wall"] is not None and res["wall"] > SLOW_RUN):
                    continue
                wall, cpu, code, out, err = timed(impl.cmds[prog])
                res["runs"] += 1
                text = out.decode("utf-8", "replace")
                if code != 0:
                    last = err.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
                    res["error"] = f"exit {code}: `{last[0].strip()}`"
                elif impl.key == "cpython-path" or (prog not in ref and impl is live[0]):
                    ref.setdefault(prog, text)
                if code == 0 and prog in ref and text != ref[prog]:
                    res["error"] = "OUTPUT DIFFERS from CPython's"
                    with open(os.path.join(impl.dir(), prog + ".out"), "w") as f:
                        f.write(text)
                if res.get("error"):
                    print(f"    {impl.key:14} {res['error']}  <-- !!!", flush=True)
                    continue
                if res["wall"] is None or wall < res["wall"]:
                    res["wall"], res["cpu"] = wall, cpu
                print(f"    {impl.key:14} round {rnd + 1}: {wall:7.3f} s wall {cpu:7.3f} s CPU", flush=True)
    return results


def kiln_size_and_build_time(kiln, repeat):
    """(hello-world stripped bytes or an error, unstripped bytes, [(wall, phases)] for build300)."""
    d = os.path.join(OUTDIR, "kiln")
    os.makedirs(d, exist_ok=True)
    hello = os.path.join(d, "hello")
    r = sh([kiln, "build", "-O2", os.path.join(ROOT, "bench", "hello.py"), "-o", hello])
    if r.returncode != 0:
        size = "does not compile: `" + first_line(r.stderr).replace(ROOT + "/", "") + "`"
        full = None
    else:
        full = os.path.getsize(hello)
        sh(["strip", "-o", hello + ".stripped", hello])
        size = os.path.getsize(hello + ".stripped")
    builds = []
    src = os.path.join(CORE, "build300.py")
    exe = os.path.join(d, "build300")
    for _ in range(repeat):
        t0 = time.perf_counter()
        r = sh([kiln, "build", "-O2", "-v", src, "-o", exe])
        wall = time.perf_counter() - t0
        if r.returncode != 0:
            errs = [l for l in r.stderr.splitlines() if re.search(r": error(\[K\d{4}\])?:", l)]
            line = errs[0] if errs else first_line(r.stderr)
            return size, full, "does not compile: `" + line.replace(ROOT + "/", "") + "`"
        m = re.search(r"kiln build: (.*)", r.stderr)
        builds.append((wall, m.group(1) if m else ""))
    ok = sh([exe]).stdout == sh([sys.executable, src]).stdout
    return size, full, (min(builds), ok)


def fmt_ratio(base, t):
    if base is None or t is None or t <= 0:
        return "–"
    return f"{base / t:.2f}x"


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def core_suite(opts, kiln, progs):
    """Builds and times the core programs; returns RESULTS.md lines."""
    print(f"bench: core suite, {len(progs)} programs, best of {opts.core_repeat}", flush=True)
    impls = implementations(kiln)
    for impl in impls:
        if impl.missing:
            print(f"  {impl.key}: MISSING ({impl.missing})", flush=True)
    t0 = time.perf_counter()
    build_all(impls, progs)
    build_wall = time.perf_counter() - t0
    results = run_all(impls, progs, opts.core_repeat)
    size, full, b300 = kiln_size_and_build_time(kiln, opts.core_repeat)

    by = {i.key: i for i in impls}
    bases = [k for k in ("cpython-debian", "cpython-path") if not by[k].missing]

    def secs(key, prog):
        r = results.get(key, {}).get(prog)
        return None if r is None or r.get("error") else r["wall"]

    def cpu(key, prog):
        r = results.get(key, {}).get(prog)
        return None if r is None or r.get("error") else r["cpu"]

    def status(impl, prog):
        if impl.missing:
            return "missing"
        if prog in impl.build_error:
            what = "does not compile yet" if impl.key == "kiln" else "build failed"
            return f"{what}: `{impl.build_error[prog]}`"
        r = results[impl.key].get(prog)
        if r is None:
            return "not run"
        return r.get("error")

    lines = [
        "## Core language: programs in bench/core/",
        "",
        f"Each program of `bench/core/` run by every implementation, best of {opts.core_repeat}"
        f" (one run only where a run takes over {SLOW_RUN:.0f} s), rounds interleaved; wall time"
        " of the whole process (start-up included), with its CPU time (user + system) beside it."
        " Speed-up = CPython's wall time / the implementation's (above 1: faster than CPython),"
        " against Debian's `/usr/bin/python3` and against the `python3` on PATH. Every run's"
        " output is compared with CPython's; a run that differs is reported, not timed.",
        "",
        "Implementations: " + "; ".join(
            f"{i.label}" + (f" — **missing**: {i.missing}" if i.missing else "") for i in impls) + ".",
        "",
    ]

    # summary: speed-ups against Debian's CPython, and their geometric means
    for base in bases:
        lines += [
            f"### Speed-up over {by[base].label}",
            "",
            "| implementation | " + " | ".join(progs) + " | geometric mean |",
            "|---|" + "---:|" * (len(progs) + 1),
        ]
        for impl in impls:
            if impl.key == base:
                continue
            cells, ratios = [], []
            for prog in progs:
                st = status(impl, prog)
                if st:
                    cells.append("missing" if impl.missing else ("no" if "compile" in st else "**error**"))
                    continue
                r = secs(base, prog) / secs(impl.key, prog) if secs(base, prog) else None
                if r:
                    ratios.append(r)
                cells.append(f"{r:.2f}x" if r else "–")
            g = geomean(ratios)
            gm = "–" if g is None else f"**{g:.2f}x**" + (f" ({len(ratios)} of {len(progs)})" if len(ratios) < len(progs) else "")
            lines.append(f"| {impl.label} | " + " | ".join(cells) + f" | {gm} |")
        lines.append("")
    lines += [
        "\"no\": kiln cannot compile the program yet (its diagnostic is in the program's table);"
        " \"**error**\": the run failed or printed something else than CPython (see the table);"
        " a geometric mean over fewer programs than all says over how many.",
        "",
    ]
    if bases:
        base = bases[0]
        means = []
        for impl in impls:
            if impl.key == base:
                continue
            g = geomean([cpu(base, p) / cpu(impl.key, p) for p in progs
                         if cpu(base, p) and cpu(impl.key, p)])
            if g:
                means.append(f"{impl.key} {g:.2f}x")
        lines += [f"The same geometric means from CPU time (user + system) instead of wall time,"
                  f" against {by[base].label}: " + ", ".join(means) + ".", ""]

    for prog, what in [(p, w) for p, w in PROGRAMS if p in progs]:
        lines += [
            f"### {prog} — {what}",
            "",
            "| implementation | wall (s) | CPU (s) | runs | vs /usr/bin/python3 | vs python3 on PATH | build (s) |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for impl in impls:
            st = status(impl, prog)
            bs, was = impl.build_secs.get(prog), impl.build_cached.get(prog)
            bcell = f"{was:.1f} (reused)" if was is not None else f"{bs:.1f}" if bs is not None else "–"
            if st:
                lines.append(f"| {impl.label} | {st} | | | | | {bcell} |")
                continue
            r = results[impl.key][prog]
            t = r["wall"]
            lines.append(f"| {impl.label} | {t:.3f} | {r['cpu']:.3f} | {r['runs']} | "
                         f"{fmt_ratio(secs('cpython-debian', prog), t)} | "
                         f"{fmt_ratio(secs('cpython-path', prog), t)} | {bcell} |")
        lines.append("")

    lines += ["## kiln's output size and build time", ""]
    if isinstance(size, int):
        goal = "meets" if size <= 150 * 1024 else "misses"
        lines.append(f"- Hello world (`bench/hello.py`, `kiln build -O2`, then `strip`): "
                     f"**{size / 1024:.1f} KB** stripped ({full / 1024:.1f} KB before); goal at most"
                     f" 150 KB: {goal} it.")
    else:
        lines.append(f"- Hello world (`bench/hello.py`): {size}.")
    n300 = sum(1 for _ in open(os.path.join(CORE, "build300.py")))
    if isinstance(b300, tuple):
        (wall, phases), ok = b300
        goal = "meets" if wall <= 1.0 else "misses"
        lines.append(f"- `kiln build -O2` of `bench/core/build300.py` ({n300} lines): **{wall:.2f} s**"
                     f" wall, best of {opts.core_repeat} (`-v`: {phases}); goal at most 1 s: {goal} it."
                     + ("" if ok else " **Its output differs from CPython's.**"))
    else:
        lines.append(f"- `kiln build -O2` of `bench/core/build300.py` ({n300} lines): {b300}.")
    lines += ["", f"Building everything took {build_wall:.0f} s, two builds at a time (build column:"
              " wall seconds of each build). Cython and mypyc builds are kept in `build/bench/` and"
              " reused while the source and the tool are unchanged (\"reused\": the time the kept"
              " build took); kiln always builds anew.", ""]
    return lines


def main():
    ap = argparse.ArgumentParser(description="kiln benchmarks; writes bench/RESULTS.md")
    ap.add_argument("--kiln", default="bin/kiln", help="the kiln binary (default bin/kiln)")
    ap.add_argument("--repeat", type=int, default=3, help="front end: runs of each, best kept (default 3)")
    ap.add_argument("--core-repeat", type=int, default=3,
                    help="core suite: runs of each program, best kept (default 3)")
    ap.add_argument("--stdlib", default=None, help="corpus folder (default: this python's stdlib)")
    ap.add_argument("--programs", default=None, help="core programs to run, comma-separated (default all)")
    ap.add_argument("--skip-front", action="store_true", help="leave out the front-end benchmark")
    ap.add_argument("--skip-core", action="store_true", help="leave out the core-language suite")
    ap.add_argument("--skip-tokenizers", action="store_true", help="leave out the tokenizer throughput (bench/tokenizers.py)")
    ap.add_argument("--skip-tensor", action="store_true", help="leave out the numpy-style programs (bench/tensor.py)")
    ap.add_argument("--skip-load", action="store_true", help="leave out the time to first tensor (bench/load.py)")
    ap.add_argument("--skip-serve", action="store_true", help="leave out the serving section (bench/serve.py)")
    ap.add_argument("--out", default="bench/RESULTS.md", help="where to write the results")
    opts = ap.parse_args()

    kiln = os.path.abspath(os.path.join(ROOT, opts.kiln))
    if not os.access(kiln, os.X_OK):
        sys.exit(f"bench: no kiln binary at {opts.kiln} (run make)")
    progs = [p for p, _ in PROGRAMS]
    if opts.programs:
        progs = [p.strip() for p in opts.programs.split(",") if p.strip()]
        unknown = [p for p in progs if not os.path.exists(os.path.join(CORE, p + ".py"))]
        if unknown:
            sys.exit(f"bench: no such program in bench/core/: {', '.join(unknown)}")

    started = time.perf_counter()
    load0 = os.getloadavg()
    sections = []
    if not opts.skip_front:
        sections += front_end(opts, kiln)
    if not opts.skip_core:
        sections += core_suite(opts, kiln, progs)
    if not opts.skip_tokenizers:
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import tokenizers as tokbench  # bench/tokenizers.py
        sections += tokbench.section()
    if not opts.skip_load:
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import load as loadbench  # bench/load.py: time to first tensor of a 600 MB safetensors file
        sections += loadbench.section(kiln)
    if not opts.skip_tensor:
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import tensor as tensorbench  # bench/tensor.py: numpy programs against numpy, Numba, Pythran
        sections += tensorbench.tensor_programs(kiln, os.path.join(ROOT, "build", "bench", "tensor"), None)
    if not opts.skip_serve:
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import serve as servebench  # bench/serve.py: kiln serve under wrk
        sections += servebench.section()
    load1 = os.getloadavg()
    minutes = (time.perf_counter() - started) / 60

    cmd = "make bench  # python3 bench/bench.py" + "".join(f" {a}" for a in sys.argv[1:])
    lines = [
        "# kiln benchmarks",
        "",
        f"Written by `{cmd}` on {datetime.date.today().isoformat()} in {minutes:.1f} minutes;"
        " do not edit by hand.",
        "",
        f"Machine: {machine()}. Load average (1 min) {load0[0]:.2f} at the start,"
        f" {load1[0]:.2f} at the end: above 0 means other work shared the CPUs and the times"
        " are inflated.",
        "",
    ] + sections
    # sections other scripts write between markers (bench_gemm.py's "gemm",
    # bench/clients/overhead.mjs's "clients"; make bench runs them next): keep them meanwhile
    out = os.path.join(ROOT, opts.out)
    old = open(out, encoding="utf-8").read() if os.path.exists(out) else ""
    for m in re.finditer(r"<!-- (\w+): begin -->.*?<!-- \1: end -->\n?", old, flags=re.S):
        lines += ["", m.group(0)]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"bench: wrote {opts.out} ({minutes:.1f} minutes)")


if __name__ == "__main__":
    main()
