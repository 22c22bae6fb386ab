"""The committed reference (docs/reference/*.md) is what the code generates now.

scripts/gen_reference.py --check regenerates ops.md (kiln ops --markdown), cli.md
(every command's --help), c-abi.md (include/kiln.h) and errors.md (kiln explain
--markdown) and compares them with the committed files; a difference fails, with a
diff and the fix (`make docs`). It also checks what it generates: every op-library
row of `kiln ops` appears in ops.md, every command `kiln --help` lists has its own
section in cli.md, every function kiln.h declares is in c-abi.md.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILN = os.path.join(ROOT, "bin", "kiln")
failed = 0


def check(name, ok, detail=""):
    global failed
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail))
    failed += not ok


p = subprocess.run([sys.executable, "scripts/gen_reference.py", "--check"], cwd=ROOT, capture_output=True, text=True)
check("committed reference is up to date", p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:])

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import gen_reference  # noqa: E402

docs = gen_reference.generate()
# ops.md: every row of the plain table, by callee and C function
rows = subprocess.run([KILN, "ops"], capture_output=True, text=True).stdout.splitlines()[1:]
missing = []
ops_def = open(os.path.join(ROOT, "compiler", "ops.def"), encoding="utf-8").read()
op_rows = re.findall(r'^OP\("((?:[^"\\]|\\.)*)", "[^"]*", \'.\', "([^"]*)"', ops_def, re.M)
check("ops.def rows read", len(op_rows) == len(rows), f"{len(op_rows)} rows in ops.def, {len(rows)} printed")
for callee, cfn in re.findall(r'^OP\("((?:[^"\\]|\\.)*)", "[^"]*", \'.\', "([^"]*)"', ops_def, re.M):
    shown = callee.replace("|", "\\|")
    if f"`{cfn}`" not in docs["ops.md"] or f"{shown}(" not in docs["ops.md"]:
        missing.append(callee)
check(f"ops.md lists all {len(rows)} op-library rows", not missing and len(rows) > 500, "; ".join(missing[:5]))
check("ops.md has one table line per row",
      sum(1 for l in docs["ops.md"].splitlines() if l.startswith("| `")) == len(rows),
      "table lines differ from `kiln ops` rows")
# cli.md: each command, with its own help text
top = subprocess.run([KILN, "--help"], capture_output=True, text=True).stdout
cmds = re.findall(r"^  kiln (\S+)", top, re.M)
check("kiln --help lists the commands", {"build", "compile", "call", "serve", "ops"} <= set(cmds), str(cmds))
for c in cmds:
    h = subprocess.run([KILN, c, "--help"], capture_output=True, text=True)
    check(f"kiln {c} --help exits 0", h.returncode == 0 and h.stdout.strip(), h.stderr)
    check(f"cli.md has kiln {c} --help", f"## kiln {c}\n" in docs["cli.md"] and h.stdout in docs["cli.md"])
check("cli.md has serve's options", "--api-key KEY" in docs["cli.md"] and "--grace" in docs["cli.md"])
# c-abi.md: every declared function of the header
header = open(os.path.join(ROOT, "include", "kiln.h"), encoding="utf-8").read()
funcs = re.findall(r"\b(kiln_\w+)\(", header)
absent = [f for f in set(funcs) if f + "(" not in docs["c-abi.md"]]
check(f"c-abi.md declares all {len(set(funcs))} functions of kiln.h", not absent and len(funcs) > 20, str(absent))
print(f"{'FAILED' if failed else 'passed'}: test_reference")
sys.exit(1 if failed else 0)
