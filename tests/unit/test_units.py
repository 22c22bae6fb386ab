"""kiln build and kiln compile with the C split into units (compiler/units.c).

A program whose C is large compiles as two units in parallel, linked together:
functions defined in one unit and called from the other, small ones copied into
both, module globals, str constants, class and exception types shared. The
suite's programs are small, so KILN_UNIT_MIN forces the split here (1: every
function placed in one unit; 24000: those under 2 KB of C copied into each unit
that calls them): programs with classes, exceptions, generators and module
globals must print exactly what CPython prints, and a library so split must answer `kiln call` as one built
whole does. build300 splits by itself (its C passes the threshold) and -O3 keeps
any program in one unit.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILN = os.path.join(ROOT, "bin", "kiln")
failed = 0


def check(name, ok, detail=""):
    global failed
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail[-1500:]))
    failed += not ok


def build(src, out, env=None, cmd="build", opt="-O2"):
    return subprocess.run([KILN, cmd, opt, "-v", src, "-o", out], capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, **(env or {})))


def units(r):
    m = re.search(r"cc \(.*?(\d+) units\)", r.stderr)
    return int(m.group(1)) if m else 1


FORCED = {"KILN_UNIT_MIN": "1"}
COPIES = {"KILN_UNIT_MIN": "24000"}
PROGRAMS = [(p, COPIES) for p in ("bench/core/raytrace.py", "bench/core/records.py", "bench/core/scheduler.py",
                                  "bench/core/tasks_oop.py", "bench/core/bpe.py")]
PROGRAMS += sorted((p, FORCED) for p in (os.path.join("tests/programs", f) for f in os.listdir(os.path.join(ROOT, "tests/programs"))
                   if re.match(r"(gen|exc|cls)_.*\.py$", f)))[::4]

with tempfile.TemporaryDirectory() as d:
    split = 0
    for rel, env in PROGRAMS:
        src = os.path.join(ROOT, rel)
        exe = os.path.join(d, os.path.basename(rel)[:-3])
        r = build(src, exe, env)
        if r.returncode != 0:
            check(f"{rel} builds in units", False, r.stderr)
            continue
        split += units(r) > 1
        want = subprocess.run([sys.executable, src], capture_output=True, text=True, timeout=120, cwd=d)
        got = subprocess.run([exe], capture_output=True, text=True, timeout=120, cwd=d)
        last = lambda s: s.strip().splitlines()[-1:] if s.strip() else []
        check(f"{rel} ({units(r)} units) behaves as under CPython",
              (got.stdout, last(got.stderr), got.returncode) == (want.stdout, last(want.stderr), want.returncode),
              f"stdout {got.stdout[-300:]!r} vs {want.stdout[-300:]!r}; stderr {got.stderr[-300:]!r}")
    check("most programs split when forced", split >= len(PROGRAMS) // 2, f"{split} of {len(PROGRAMS)}")

    lib_src = os.path.join(ROOT, "tests", "fuzz", "abilib.py")
    one, two = os.path.join(d, "one.so"), os.path.join(d, "two.so")
    r1 = build(lib_src, one, cmd="compile", env={"KILN_UNIT_MIN": str(1 << 30)})
    r2 = build(lib_src, two, FORCED, cmd="compile")
    check("a library builds in units", r1.returncode == 0 and r2.returncode == 0 and units(r2) > 1,
          r1.stderr + r2.stderr)
    if r1.returncode == 0 and r2.returncode == 0:
        m1 = subprocess.run([KILN, "call", one, "--manifest"], capture_output=True, text=True)
        m2 = subprocess.run([KILN, "call", two, "--manifest"], capture_output=True, text=True)
        check("the split library's manifest is the same", m1.stdout == m2.stdout and m1.returncode == 0,
              m1.stdout[-300:] + m2.stdout[-300:] + m2.stderr)
        nm = subprocess.run(["nm", "-D", "--defined-only", two], capture_output=True, text=True).stdout
        check("the split library exports kiln_* only",
              all(l.split()[-1].startswith("kiln_") for l in nm.splitlines() if l.strip()), nm[-500:])

    b300 = os.path.join(ROOT, "bench", "core", "build300.py")
    r = build(b300, os.path.join(d, "b300"))
    check("build300 splits by itself", r.returncode == 0 and units(r) == 2, r.stderr)
    r = build(b300, os.path.join(d, "b300_o3"), opt="-O3")
    check("-O3 keeps one unit", r.returncode == 0 and units(r) == 1, r.stderr)
    if r.returncode == 0:
        got = subprocess.run([os.path.join(d, "b300")], capture_output=True, text=True).stdout
        want = subprocess.run([sys.executable, b300], capture_output=True, text=True).stdout
        check("build300 in two units behaves as under CPython", got == want, got[-300:])

print(f"{'FAILED' if failed else 'passed'}: test_units")
sys.exit(1 if failed else 0)
