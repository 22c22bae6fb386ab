#!/usr/bin/env python3
"""tests/runtime/test_alloc.py — libkilnrt's allocator (runtime/alloc.c).

Builds tests/runtime/alloc_driver.c three ways and runs its checks:

1. with build/libkilnrt.a (the small-block pool): the allocation hook's
   counts and failures, zeroed blocks (reused ones too), realloc across size
   classes, no overlapping blocks; 4 threads that free each other's blocks,
   coming and going for 40 rounds with memory that stays bounded; and a
   library compiled by kiln, unloaded while a thread that called it lives on;
2. with the runtime built under ThreadSanitizer (the pool still on): the
   threads check, so a data race in the pool is a report;
3. with the runtime built under AddressSanitizer (the pool compiled out,
   plain calloc/free): the basic checks.

    python3 tests/runtime/test_alloc.py            all three
    python3 tests/runtime/test_alloc.py --quick    the first only

The last line is 'N passed, N failed'.
"""
import argparse
import fcntl
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
KILN = os.path.join(ROOT, "bin", "kiln")
FLAGS = ["-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Wno-unused-parameter", "-g",
         "-ffp-contract=off", "-fno-fast-math", "-I" + os.path.join(ROOT, "runtime")]
RSS_GROWTH_KIB = 64 << 10  # rounds 3..40 of thread churn may add at most this much

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}\n{detail}".rstrip())


def build(cc, kind):
    """The driver: 'pool' links build/libkilnrt.a, 'tsan'/'asan' compile the runtime's sources with it."""
    os.makedirs(os.path.join(ROOT, "build", "tests"), exist_ok=True)
    drv = os.path.join(HERE, "alloc_driver.c")
    exe = os.path.join(ROOT, "build", "tests", f"alloc_driver_{kind}")
    rt = sorted(os.path.join(ROOT, "runtime", f) for f in os.listdir(os.path.join(ROOT, "runtime"))
                if f.endswith(".c") and f != "abi.c")
    if kind == "pool":
        # other test scripts may be making the library at the same time: take turns
        with open(os.path.join(ROOT, "build", "libkilnrt.lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            subprocess.run(["make", "-s", "build/libkilnrt.a"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        cmd = [cc] + FLAGS + ["-O2", "-o", exe, drv, os.path.join(ROOT, "build", "libkilnrt.a")]
    elif kind == "tsan":
        cmd = [cc] + FLAGS + ["-O1", "-fsanitize=thread", "-o", exe, drv] + rt
    else:
        cmd = [cc] + FLAGS + ["-O1", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
                              "-fno-sanitize-recover=all", "-o", exe, drv] + rt
    p = subprocess.run(cmd + ["-lpcre2-8", "-lutf8proc", "-lm", "-lpthread", "-ldl"], capture_output=True, text=True)
    check(f"build {kind}", p.returncode == 0, p.stderr[-3000:])
    return exe if p.returncode == 0 else None


def run(name, exe, args, timeout=600):
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:exitcode=86", TSAN_OPTIONS="halt_on_error=1:exitcode=86",
               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=86")
    p = subprocess.run([exe] + args, capture_output=True, text=True, timeout=timeout, env=env)
    out = p.stdout.splitlines()
    for line in out:
        if line.startswith("ok ") or line.startswith("FAIL "):
            check(f"{name}: {line.split()[1].rstrip(':')}", line.startswith("ok "), line)
    check(f"{name}: exit", p.returncode == 0, f"exit status {p.returncode}\n" + p.stderr[-3000:])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="the pool build only, no sanitizers")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    args = ap.parse_args()
    t0 = time.time()

    exe = build(args.cc, "pool")
    if exe:
        run("pool", exe, ["basic"])
        out = run("pool", exe, ["threads", "40"])
        rss = [line.split() for line in out if line.startswith("rss ")]
        if rss:
            mid, end = int(rss[0][1]), int(rss[0][2])
            check("pool: memory bounded under thread churn", end - mid <= RSS_GROWTH_KIB,
                  f"resident {mid} KiB after 3 rounds, {end} KiB after 40")
        with tempfile.TemporaryDirectory() as tmp:
            lib = os.path.join(tmp, "libtext.so")
            p = subprocess.run([KILN, "compile", os.path.join(ROOT, "tests", "abi", "textlib.py"), "-o", lib],
                               capture_output=True, text=True)
            check("kiln compile textlib.py", p.returncode == 0, p.stderr[-2000:])
            if p.returncode == 0:
                run("pool", exe, ["unload", lib])

    if not args.quick:
        exe = build(args.cc, "tsan")
        if exe:
            run("tsan", exe, ["threads", "4"])
        exe = build(args.cc, "asan")
        if exe:
            run("asan", exe, ["basic"])

    print("(%.1fs)" % (time.time() - t0))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
