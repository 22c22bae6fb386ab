#!/usr/bin/env python3
"""tests/unit/test_soak.py — compiled libraries called many times, from many
threads, several at once (tests/abi/soak.c over tests/abi/soaklib.py:
strings, lists, dicts, an ndarray, a tokenizer, exceptions caught inside and
one raised out through the ABI).

1. Each call's result against CPython (/usr/bin/python3 with numpy, and
   kiln's reference tokenizers from python/) running the same function.
2. Plain build: --calls calls in a row, resident memory flat (the growth
   from the first tenth to the end under 2 MiB); 8 threads x --rounds rounds
   over 4 copies of the library (each its own runtime), every result equal
   to the single-threaded one.
3. AddressSanitizer + UBSan + LeakSanitizer (library and host): the same
   calls in a row; no report, no leak at exit.
4. ThreadSanitizer, the runtime included (build/tsanrt, the library linked
   here from kiln's generated C): 8 threads over 3 copies; no report.

    python3 tests/unit/test_soak.py [--calls N] [--rounds N]

make test runs 10,000 calls and 20 rounds (ASan: a fifth of the calls);
make test-soak 100,000 calls and 100 rounds. The last line is 'N passed, N failed'.
"""
import argparse
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "runtime"))
from test_oom import tokenizer_json  # noqa: E402  (the same generated WordPiece file)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ABI = os.path.join(ROOT, "tests", "abi")
KILN = os.path.join(ROOT, "bin", "kiln")
NUMPY_PYTHON = os.environ.get("KILN_NUMPY_PYTHON", "/usr/bin/python3")
SAN_ENV = {"ASAN_OPTIONS": "detect_leaks=1:exitcode=86", "UBSAN_OPTIONS": "halt_on_error=1:exitcode=86",
           "TSAN_OPTIONS": "halt_on_error=1:exitcode=86", "KILN_NUM_THREADS": "2"}
RSS_GROWTH_KIB = 2048

# the calls of soak.c's table, for CPython
CALLS = [("text", ["h\u00e9llo w\u00f6rld", 3]), ("lists", [60]), ("table", [["a", "bb", "a", "ccc", "bb"]]),
         ("tensor", [12]), ("tokens", ["@", "hello the quick world!"]), ("caught", [25]), ("fails", [3]),
         ("fails", [8])]

PY_CALLS = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import soaklib
calls = json.loads(sys.argv[2])
for i, (f, args) in enumerate(calls):
    try:
        r = json.dumps(getattr(soaklib, f)(*args))
    except Exception as e:
        r = "!%s: %s" % (type(e).__name__, e)
    print("ref", i, r)
"""

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}\n{detail}".rstrip())


def refs(out):
    return {int(line.split()[1]): line.split(" ", 2)[2] for line in out.splitlines() if line.startswith("ref ")}


def same(a, b):
    if a.startswith("!") or b.startswith("!"):
        return a == b
    return json.loads(a) == json.loads(b)


def host(tmp, name, flags):
    exe = os.path.join(tmp, f"soak_{name}")
    p = subprocess.run(["cc", "-std=c11", "-D_GNU_SOURCE", "-O1", "-g", *flags, "-o", exe,
                        os.path.join(ABI, "soak.c"), "-ldl", "-lpthread"], capture_output=True, text=True)
    check(f"soak.c builds ({name})", p.returncode == 0, p.stderr[-2000:])
    return exe if p.returncode == 0 else None


def run(name, cmd, timeout=1800):
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=dict(os.environ, **SAN_ENV))
    bad = p.returncode != 0 or "WARNING: ThreadSanitizer" in p.stderr or "ERROR:" in p.stderr
    check(name, not bad, f"exit {p.returncode}\n{p.stdout[-2000:]}\n{p.stderr[-4000:]}")
    return p.stdout, time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calls", type=int, default=10000)
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    t0 = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        tok = os.path.join(tmp, "tokenizer.json")
        tokenizer_json(tok, padding=False)
        src = os.path.join(ABI, "soaklib.py")
        lib = os.path.join(tmp, "soaklib.so")
        p = subprocess.run([KILN, "compile", src, "-o", lib], capture_output=True, text=True)
        check("kiln compile soaklib.py", p.returncode == 0, p.stderr[-2000:])
        exe = host(tmp, "plain", [])
        if p.returncode != 0 or not exe:
            return finish(t0)

        # 1. against CPython
        out, _ = run("soak ref", [exe, "ref", tok, lib])
        ours = refs(out)
        calls = [(f, [tok if a == "@" else a for a in xs]) for f, xs in CALLS]
        c = subprocess.run([NUMPY_PYTHON, "-c", PY_CALLS, ABI, json.dumps(calls)], capture_output=True, text=True,
                           env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python")))
        theirs = refs(c.stdout)
        check("every call's result is CPython's", len(ours) == len(CALLS) and
              all(i in theirs and same(ours[i], theirs[i]) for i in ours),
              f"kiln: {ours}\nCPython: {theirs}\n{c.stderr[-1500:]}")

        # 2. plain: a long run, then threads on four copies
        out, secs = run(f"{args.calls} calls in a row (plain)", [exe, "calls", str(args.calls), tok, lib])
        rss = [line.split() for line in out.splitlines() if line.startswith("rss ")]
        if rss:
            mid, end = int(rss[0][1]), int(rss[0][2])
            check(f"{args.calls} calls: resident memory flat", end - mid < RSS_GROWTH_KIB,
                  f"{mid} KiB after a tenth, {end} KiB at the end")
            print(f"plain: {args.calls} calls in {secs:.1f} s, RSS {mid} -> {end} KiB")
        copies = []
        for k in range(4):
            copies.append(os.path.join(tmp, f"soaklib{k}.so"))
            shutil.copy(lib, copies[-1])
        out, secs = run(f"8 threads x {args.rounds} rounds on 4 libraries (plain)",
                        [exe, "threads", str(args.rounds), tok] + copies)
        print(f"plain threads: {out.strip()} in {secs:.1f} s")

        # 3. ASan + UBSan + LeakSanitizer
        san = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"]
        alib = os.path.join(tmp, "soaklib_asan.so")
        p = subprocess.run([KILN, "compile", src, "-o", alib], capture_output=True, text=True,
                           env=dict(os.environ, KILN_CFLAGS=" ".join(san)))
        check("kiln compile soaklib.py with ASan", p.returncode == 0, p.stderr[-2000:])
        aexe = host(tmp, "asan", san)
        if p.returncode == 0 and aexe:
            n = args.calls if args.calls >= 100000 else args.calls // 5
            out, secs = run(f"{n} calls under ASan, UBSan and LeakSanitizer: no report, no leak",
                            [aexe, "calls", str(n), tok, alib])
            print(f"asan: {n} calls in {secs:.1f} s ({out.strip()})")

        # 4. ThreadSanitizer, the runtime included
        with open(os.path.join(ROOT, "build", "libkilnrt.lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            m = subprocess.run(["make", "-s", "-j2", "build/tsanrt/libkilnrt.a"], cwd=ROOT, capture_output=True,
                               text=True)
        check("the runtime builds under TSan", m.returncode == 0, m.stderr[-2000:])
        gen = os.path.join(tmp, "soaklib.c")
        with open(gen, "w") as f:
            p = subprocess.run([KILN, "compile", src, "-o", lib, "--emit-c"], stdout=f, stderr=subprocess.PIPE,
                               text=True)
        tlibs = []
        for k in range(3):
            tlibs.append(os.path.join(tmp, f"soaklib_tsan{k}.so"))
            q = subprocess.run(["cc", "-std=c11", "-D_GNU_SOURCE", "-O1", "-g", "-fsanitize=thread", "-fPIC", "-shared",
                                "-ffp-contract=off", "-fno-fast-math", "-w", "-I" + os.path.join(ROOT, "runtime"),
                                "-o", tlibs[-1], gen, os.path.join(ROOT, "build", "tsanrt", "libkilnrt.a"),
                                "/usr/lib/x86_64-linux-gnu/libutf8proc.a", "/usr/lib/x86_64-linux-gnu/libpcre2-8.a",
                                "-Wl,-u,kiln_manifest", "-Wl,--version-script=" + os.path.join(ROOT, "runtime", "kiln.map"), "-lm",
                                "-lpthread"], capture_output=True, text=True)
            if q.returncode != 0:
                break
        check("soaklib.so links with the TSan runtime", m.returncode == 0 and p.returncode == 0 and q.returncode == 0,
              p.stderr[-1000:] + q.stderr[-2000:])
        texe = host(tmp, "tsan", ["-fsanitize=thread"])
        if texe and q.returncode == 0:
            r = max(2, args.rounds // 5)
            out, secs = run(f"8 threads x {r} rounds on 3 libraries under TSan: no race",
                            [texe, "threads", str(r), tok] + tlibs)
            print(f"tsan threads: {out.strip()} in {secs:.1f} s")
    return finish(t0)


def finish(t0):
    print("(%.1fs)" % (time.time() - t0))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
