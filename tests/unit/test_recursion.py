#!/usr/bin/env python3
"""tests/unit/test_recursion.py — RecursionError through the C ABI, from the
main thread and from threads with small stacks.

tests/recursion/deep.py is compiled as a library and tests/recursion/host.c
calls it through include/kiln.h: on the main thread, a depth CPython allows
must give CPython's answer and a deeper one CPython's RecursionError; on a
thread with a 32 KiB stack, where 1000 frames do not fit, the stack check
must raise RecursionError before the stack ends (no SIGSEGV), and the thread
must go on working after it (the depth counter is balanced on the way out).
The answers on the main thread are CPython's, computed here by importing the
same file."""

import importlib.util
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILN = os.path.join(ROOT, "bin", "kiln")
SRC = os.path.join(ROOT, "tests", "recursion")
fails = 0


def check(name, ok, detail=""):
    global fails
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f"\n     {detail}"))
    fails += not ok


def cpython(func, arg):
    spec = importlib.util.spec_from_file_location("deep", os.path.join(SRC, "deep.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    try:
        return str(getattr(mod, func)(arg))
    except RecursionError as e:
        return f"{type(e).__name__}: {e}"


def main():
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, "libdeep.so")
        p = subprocess.run([KILN, "compile", os.path.join(SRC, "deep.py"), "-o", lib], capture_output=True, text=True)
        check("kiln compile deep.py", p.returncode == 0, p.stderr)
        host = os.path.join(tmp, "host")
        p = subprocess.run(["cc", "-std=c11", "-O1", "-I", os.path.join(ROOT, "include"), os.path.join(SRC, "host.c"),
                            lib, "-o", host, "-lpthread", f"-Wl,-rpath,{tmp}"], capture_output=True, text=True)
        check("host.c compiles", p.returncode == 0, p.stderr)
        if fails:
            return 1
        h = subprocess.run([host], capture_output=True, text=True, timeout=120)
        check("host exits 0 (no stack overflow)", h.returncode == 0, f"exit {h.returncode}: {h.stderr[-500:]}")
        got = {}
        for line in h.stdout.splitlines():
            where, func, arg, _, res = line.split(" ", 4)
            got[(where, func, arg)] = res
        for n in (500, 5000):
            want = cpython("depth", n)
            check(f"main thread: depth({n}) is CPython's {want!r}", got.get(("main", "depth", f"[{n}]")) == want,
                  got.get(("main", "depth", f"[{n}]")))
        for n in (50, 500):
            want = cpython("depth", n)
            check(f"on a stack the host switched to: depth({n}) is CPython's {want!r}",
                  got.get(("switched", "depth", f"[{n}]")) == want, got.get(("switched", "depth", f"[{n}]")))
        check("on a stack the host switched to: probe reaches 999 frames",
              got.get(("switched", "probe", "[0]")) == "999", got.get(("switched", "probe", "[0]")))
        probe = got.get(("main", "probe", "[0]"), "")
        check("main thread: probe reaches CPython's limit (999 frames)", probe == "999", probe)
        for where in ("thread32k", "thread256k"):
            res = got.get((where, "depth", "[100000]"), "")
            check(f"{where}: depth(100000) raises RecursionError", res == cpython("depth", 100000), res)
            check(f"{where}: depth(50) and, after the error, depth(20)",
                  got.get((where, "depth", "[50]")) == "50" and got.get((where, "depth", "[20]")) == "20")
        small = got.get(("thread32k", "probe", "[0]"), "")
        check("thread32k: the stack check stops recursion before 1000 frames", small.isdigit() and 0 < int(small) < 999,
              small)
        check("thread256k: probe reaches 999 frames", got.get(("thread256k", "probe", "[0]")) == "999")
    print(f"{'FAILED' if fails else 'passed'}: test_recursion")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
