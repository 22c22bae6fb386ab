"""kiln doctor and kiln build -v.

doctor on this machine (which builds kiln, so its host build works): exit 0, every
required line ok, a real test build. Then with pieces taken away, as a user's machine
may lack them: CC naming no compiler, and a kiln binary copied away from its runtime:
each is a required piece, so exit 1, with a MISSING line and the exact fix under it.
The targets section names every target `kiln targets` lists but the host.
build -v prints each phase's time, the C compiler's included.
"""
import os
import re
import shutil
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


def doctor(env=None, kiln=KILN):
    return subprocess.run([kiln, "doctor"], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, **(env or {})))


def line_of(out, what):
    """The status line for `what` and the line after it."""
    lines = out.splitlines()
    for i, l in enumerate(lines):
        if re.match(r"\s+(ok|MISSING|missing)\s+" + re.escape(what) + r"\s", l):
            return l, lines[i + 1] if i + 1 < len(lines) else ""
    return "", ""


p = doctor()
check("doctor exits 0 where kiln builds", p.returncode == 0, p.stdout + p.stderr)
for what in ("C compiler", "runtime library", "runtime headers", "PCRE2 (re)", "utf8proc (str)", "test build"):
    l, _ = line_of(p.stdout, what)
    check(f"required {what}: ok", l.split()[:1] == ["ok"], l or p.stdout)
check("doctor says the build works", "kiln build works here" in p.stdout, p.stdout)
targets = subprocess.run([KILN, "targets"], capture_output=True, text=True).stdout.splitlines()[1:]
triples = [t.split()[0] for t in targets if t and not t.startswith(" ") and "(default)" not in t]
for t in triples:
    l, nxt = line_of(p.stdout, t)
    check(f"target {t} has a line", bool(l), p.stdout)
    if l.split()[:1] == ["missing"]:
        check(f"missing target {t} says how to fix it", "fix: " in nxt, nxt)

p = doctor({"CC": "no-such-cc-kiln"})
l, nxt = line_of(p.stdout, "C compiler")
check("CC=no-such-cc: exit 1", p.returncode == 1, p.stdout)
check("CC=no-such-cc: MISSING C compiler with its fix", l.split()[:1] == ["MISSING"] and "no-such-cc-kiln" in l
      and "fix: set CC" in nxt, l + "\n" + nxt)
check("CC=no-such-cc: no test build", "not tried" in line_of(p.stdout, "test build")[0], p.stdout)

with tempfile.TemporaryDirectory() as d:
    os.mkdir(os.path.join(d, "bin"))
    shutil.copy(KILN, os.path.join(d, "bin", "kiln"))
    p = doctor(kiln=os.path.join(d, "bin", "kiln"))
    l, nxt = line_of(p.stdout, "runtime library")
    check("kiln away from its runtime: exit 1", p.returncode == 1, p.stdout)
    check("the runtime is MISSING, fix: make -C its folder", l.split()[:1] == ["MISSING"] and
          re.search(r"fix: make -C " + re.escape(d), nxt) is not None, l + "\n" + nxt)
    l, nxt = line_of(p.stdout, "Node client: koffi")
    check("koffi is missing (optional), fix: npm install", l.split()[:1] == ["missing"] and "npm install" in nxt,
          l + "\n" + nxt)
    check("doctor says the build cannot work", "kiln build cannot work here" in p.stdout, p.stdout)

with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, "p.py"), "w") as f:
        f.write("print(sum(range(10)))\n")
    r = subprocess.run([KILN, "build", "-v", "p.py", "-o", "p"], cwd=d, capture_output=True, text=True)
    m = re.search(r"parse ([\d.]+) s, resolve ([\d.]+) s, lower\+types ([\d.]+) s, emit C ([\d.]+) s, "
                  r"cc \((.+?)\) ([\d.]+) s, total ([\d.]+) s", r.stderr)
    check("build -v prints every phase", r.returncode == 0 and m is not None, r.stderr)
    if m:
        parts = [float(m.group(i)) for i in (1, 2, 3, 4, 6)]
        check("the phases add up to the total", abs(sum(parts) - float(m.group(7))) < 0.01 and parts[4] > 0,
              r.stderr)
    out = subprocess.run([os.path.join(d, "p")], capture_output=True, text=True).stdout
    check("the -v build runs", out == "45\n", out)

print(f"{'FAILED' if failed else 'passed'}: test_doctor")
sys.exit(1 if failed else 0)
