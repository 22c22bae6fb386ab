"""Diagnostic codes (compiler/errors.def): the table is complete and every entry is true.

1. Every message format at a call site in compiler/*.c and serve/*.c (syntax_error, error_at,
   lex_fail, tok_error, type_error, infer.c's msg, source.c's fail, cli_error,
   the lexer's and parser's deferred messages) has a MSG row of the same text, and
   a message made from that format gets that row's code (`kiln explain --match`):
   no call site prints K0000, no row shadows another.
2. Every MSG row is used by a call site, and names an ERR entry.
3. Every entry's example, compiled by `kiln build` (or, for a "$ " example, run as
   a shell command beside a prog.py), prints "error[CODE]" with its own code.
   A failed compilation's last line points at `kiln explain CODE`.
4. `kiln explain CODE` prints the entry; an unknown code exits 1.
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
    if not ok:
        print("FAIL " + name + (": " + detail if detail else ""))
    failed += not ok


# ---------------------------------------------------------------- call sites

# function -> index of its format argument
FUNCS = {"syntax_error": 2, "error_at": 3, "lex_fail": 4, "tok_error": 2, "type_error": 2, "msg": 1,
         "fail": 2, "cli_error": 1}


def literal_at(s, i):
    """The value of adjacent C string literals starting at s[i] (after blanks), or None."""
    parts = []
    while True:
        while i < len(s) and s[i] in " \t\n":
            i += 1
        if i >= len(s) or s[i] != '"':
            break
        k, buf = i + 1, []
        while s[k] != '"':
            if s[k] == "\\":
                nxt = s[k + 1]
                buf.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(nxt, "\\" + nxt))
                k += 2
            else:
                buf.append(s[k])
                k += 1
        parts.append("".join(buf))
        i = k + 1
    return "".join(parts) if parts else None


def split_args(s, i):
    """Start offsets of the top-level arguments of the call whose '(' ends at i."""
    depth, starts, j = 0, [i], i
    while j < len(s):
        c = s[j]
        if c in "\"'":
            j += 1
            while s[j] != c:
                j += 2 if s[j] == "\\" else 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return starts
            depth -= 1
        elif c == "," and depth == 0:
            starts.append(j + 1)
        j += 1
    return starts


whats = []  # (file:line, message) of the constructs lower.c and resolve.c name


def sites():
    """(file:line, format, cli) of every diagnostic format in compiler/*.c."""
    out = []
    files = [f"compiler/{f}" for f in sorted(os.listdir(os.path.join(ROOT, "compiler")))]
    files += [f"serve/{f}" for f in sorted(os.listdir(os.path.join(ROOT, "serve")))]
    for path in files:
        f = os.path.basename(path)
        if not f.endswith(".c") or f == "errors.c":
            continue
        s = open(os.path.join(ROOT, path), encoding="utf-8").read()
        for m in re.finditer(r"\b(syntax_error|error_at|lex_fail|tok_error|type_error|msg|fail|cli_error)\(", s):
            name = m.group(1)
            if path.startswith("serve/") and name != "cli_error":
                continue  # the server's other messages are HTTP responses, not diagnostics
            if (name == "msg" and f != "infer.c") or (name == "fail" and f != "source.c"):
                continue
            line_start = s.rfind("\n", 0, m.start()) + 1
            if re.match(r"\s*(_Noreturn\s+)?(static\s+)?(void|#define)", s[line_start:m.start()] + " "):
                continue  # the function's own definition or prototype
            args = split_args(s, m.end())
            if len(args) <= FUNCS[name]:
                continue
            fmt = literal_at(s, args[FUNCS[name]])
            where = f"{f}:{s.count(chr(10), 0, m.start()) + 1}"
            if fmt is None:
                arg = s[args[FUNCS[name]]:].split(",", 1)[0].strip()
                if arg not in ('"%s"', "fmt", "const char *fmt") and not arg.startswith("__VA_ARGS__"):
                    out.append((where, None, arg))
                continue
            if fmt == "%s":
                continue  # a message made elsewhere (in->err, late_error): that place is a site
            out.append((where, fmt, name == "cli_error"))
        # messages stored for later: late_error = "...", snprintf(d->msg, ..., "...")
        if path.startswith("serve/"):
            continue
        for m in re.finditer(r"late_error = \"", s):
            out.append((f"{f}:{s.count(chr(10), 0, m.start()) + 1}", literal_at(s, m.end() - 1), False))
        for m in re.finditer(r"\bsnprintf\((?:d->)?msg, sizeof (?:d->)?msg, ", s):
            out.append((f"{f}:{s.count(chr(10), 0, m.start()) + 1}", literal_at(s, m.end()), False))
        # parse.c prefixes the errors of an f-string's expression with "f-string: "
        for m in re.finditer(r'memcpy\(msg, "f-string: "', s):
            out.append((f"{f}:{s.count(chr(10), 0, m.start()) + 1}", "f-string: %s", False))
        # lower.c's unsupported(L, n, "WHAT") and resolve.c's class_error(c, at, "WHAT"):
        # "kiln does not support WHAT yet" (in class ...)
        for m in re.finditer(r"\b(unsupported|class_error)\([^,]*, [^,]*, \"", s):
            what = literal_at(s, m.end() - 1)
            suffix = " (in class 'C')" if m.group(1) == "class_error" else ""
            whats.append((f"{f}:{s.count(chr(10), 0, m.start()) + 1}", f"kiln does not support {what} yet{suffix}"))
    return out


def instantiate(fmt):
    """A message the format could print: each conversion replaced by sample text."""
    return re.sub(r"%[-+ #0-9.*]*(?:hh|h|ll|l|z|j|t)?([diouxXcsfeEgGp%])",
                  lambda m: "%" if m.group(1) == "%" else "x7", fmt)


rows = []
for line in subprocess.run([KILN, "explain", "--formats"], capture_output=True, text=True).stdout.splitlines():
    code, fmt = line.split(" ", 1)
    rows.append((code, fmt.replace("\\n", "\n")))
row_code = {}  # (format, cli) -> the code of its first row in that domain
for code, fmt in rows:
    row_code.setdefault((fmt, code.startswith("K05")), code)
codes = [l.split()[0] for l in subprocess.run([KILN, "explain", "--list"], capture_output=True,
                                              text=True).stdout.splitlines()]
check("explain --list and --formats", len(codes) >= 30 and len(rows) >= 150, f"{len(codes)} codes, {len(rows)} rows")
check("codes are unique and well formed", len(set(codes)) == len(codes) and all(re.fullmatch(r"K\d{4}", c) for c in codes),
      str(codes))

found = sites()
check("call sites found", len(found) >= 200, f"only {len(found)}")
used = set()
for where, fmt, cli in found:
    if fmt is None:
        check(f"{where}: a literal format", False, f"the message is {cli}: make it a literal so it has a row")
        continue
    used.add(fmt)
    if (fmt, cli) not in row_code:
        check(f"{where}: a MSG row for {fmt!r}", False, "add MSG(code, format) to compiler/errors.def")
        continue
    args = [KILN, "explain", "--match"] + (["--cli"] if cli else []) + [instantiate(fmt)]
    got = subprocess.run(args, capture_output=True, text=True).stdout.strip()
    want = row_code[fmt, cli]
    check(f"{where}: {fmt!r} gets {want}", got == want, f"got {got}: an earlier row shadows it")
for where, text in whats:
    used.add(text)
    got = subprocess.run([KILN, "explain", "--match", text], capture_output=True, text=True).stdout.strip()
    check(f"{where}: {text!r} is a K03xx", got.startswith("K03"), f"got {got}")
def fmt_regex(fmt):
    parts = re.split(r"%[-+ #0-9.*]*(?:hh|h|ll|l|z|j|t)?[diouxXcsfeEgGp]", fmt)
    return re.compile(".*?".join(re.escape(p) for p in parts) + r"\Z", re.S)


for code, fmt in rows:
    rx = fmt_regex(fmt)
    check(f"MSG row {code} {fmt!r} is used by a call site",
          fmt in used or any(rx.match(text) for _, text in whats))
    check(f"MSG row {fmt!r} names an entry", code in codes)
for code in codes:
    check(f"{code} has messages", any(c == code for c, _ in rows))

# ---------------------------------------------------------------- examples

md = subprocess.run([KILN, "explain", "--markdown"], capture_output=True, text=True).stdout
examples = {}
for m in re.finditer(r'<a id="(K\d{4})"></a>\n## .*?\n\n.*?\n\n(?:```(python|sh)\n(.*?)```\n)?', md, re.S):
    examples[m.group(1)] = (m.group(2), m.group(3))
check("every entry is in the markdown", set(examples) == set(codes), str(set(codes) ^ set(examples)))
env = dict(os.environ, PATH=os.path.dirname(KILN) + os.pathsep + os.environ.get("PATH", ""))
for code, (kind, text) in sorted(examples.items()):
    if kind is None:
        check(f"{code} has an example", code == "K0499")  # an internal error has no program that shows it
        continue
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "prog.py"), "w") as f:
            f.write('print("hi")\n' if kind == "sh" else text)
        if kind == "sh":
            cmd = text.strip()[2:]
            p = subprocess.run(["bash", "-c", cmd], cwd=d, env=env, capture_output=True, text=True, timeout=120)
        else:
            p = subprocess.run([KILN, "build", "prog.py", "-o", "prog"], cwd=d, capture_output=True, text=True,
                               timeout=120)
        codes_printed = re.findall(r"error\[(K\d{4})\]", p.stderr)
        check(f"{code}'s example prints error[{code}]", p.returncode != 0 and codes_printed[:1] == [code],
              f"exit {p.returncode}, stderr: {p.stderr.strip()[:300]}")
        if kind == "python":
            last = p.stderr.rstrip("\n").split("\n")[-1]
            check(f"{code}'s example ends with the hint", last.startswith(f"(kiln explain {code}: "), last)

# ---------------------------------------------------------------- explain
p = subprocess.run([KILN, "explain", "K0401"], capture_output=True, text=True)
check("kiln explain K0401", p.returncode == 0 and p.stdout.startswith("K0401: ") and "Fix: " in p.stdout, p.stdout)
p = subprocess.run([KILN, "explain", "k0002"], capture_output=True, text=True)
check("kiln explain takes a lower-case k", p.returncode == 0 and p.stdout.startswith("K0002: "))
p = subprocess.run([KILN, "explain", "K9999"], capture_output=True, text=True)
check("kiln explain K9999 fails", p.returncode == 1 and "K9999" in p.stderr)

print(f"{len(found) + len(whats)} call sites, {len(rows)} messages, {len(codes)} codes")
print(f"{'FAILED' if failed else 'passed'}: test_errors")
sys.exit(1 if failed else 0)
