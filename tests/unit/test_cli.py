#!/usr/bin/env python3
"""tests/unit/test_cli.py — the command line: --help, --version, and `kiln ops`
printing one line per row of compiler/ops.def (the table is the reference)."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILN = os.path.join(ROOT, "bin", "kiln")

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


for args in (["--help"], ["--version"], ["ops"]):
    p = subprocess.run([KILN] + args, capture_output=True, text=True)
    check(" ".join(args), p.returncode == 0 and p.stdout, f"exit {p.returncode}: {p.stderr[-300:]}")
    if args == ["ops"]:
        rows = re.findall(r'^OP\("([^"]+)", "([^"]*)"', open(os.path.join(ROOT, "compiler/ops.def")).read(), re.M)
        lines = p.stdout.splitlines()[1:]
        check("ops rows", len(lines) == len(rows), f"{len(lines)} lines for {len(rows)} rows")
        for (callee, _), line in zip(rows, lines):
            check(f"ops {callee}", line.startswith(callee + " "), line)
p = subprocess.run([KILN, "frobnicate"], capture_output=True, text=True)
check("unknown command", p.returncode == 2 and "unknown command" in p.stderr, p.stderr)
print(f"cli: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
