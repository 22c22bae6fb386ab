#!/usr/bin/env python3
"""tests/runtime/test_limits.py — huge inputs and resources closed on every
path: tests/runtime/limits/limits.py, compiled by kiln and run under
CPython (/usr/bin/python3 with numpy, kiln's reference safetensors and
tokenizers from python/), both with at most 48 file descriptors and 2.5 GB
of address space (ulimit -n, -v); the outputs must match and both must
exit 0. The last line is 'N passed, N failed'."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = os.path.join(ROOT, "tests", "runtime", "limits", "limits.py")
KILN = os.path.join(ROOT, "bin", "kiln")
NUMPY_PYTHON = os.environ.get("KILN_NUMPY_PYTHON", "/usr/bin/python3")
LIMITS = "ulimit -n 48 && ulimit -v 2500000 && exec \"$@\""

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}\n{detail}".rstrip())


def limited(cmd, **kw):
    env = dict(os.environ, KILN_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", PYTHONPATH=os.path.join(ROOT, "python"))
    return subprocess.run(["bash", "-c", LIMITS, "limits"] + cmd, capture_output=True, text=True, env=env,
                          timeout=600, **kw)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "limits")
        p = subprocess.run([KILN, "build", SRC, "-o", exe], capture_output=True, text=True)
        check("kiln build limits.py", p.returncode == 0, p.stderr[-2000:])
        if p.returncode == 0:
            ref = limited([NUMPY_PYTHON, SRC])
            check("CPython runs limits.py within the limits", ref.returncode == 0, ref.stderr[-2000:])
            got = limited([exe])
            check("compiled: exit 0 within the limits", got.returncode == 0,
                  f"exit {got.returncode}\n{got.stdout[-1500:]}\n{got.stderr[-2000:]}")
            check("compiled: the output CPython prints", got.stdout == ref.stdout,
                  f"CPython:\n{ref.stdout}\nkiln:\n{got.stdout}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
