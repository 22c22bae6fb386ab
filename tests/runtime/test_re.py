#!/usr/bin/env python3
# make-test-args: -n 600 --oom-sample 40
"""Differential tests for libkilnrt's re module, with CPython as the oracle.

Generates random patterns of Python's syntax (literals, sets, classes,
anchors, groups plain, named and non-capturing, lookarounds, alternatives,
greedy, lazy and counted repeats, backreferences) under random flags, and
random subjects (ASCII, Unicode, newlines), and runs search, match,
fullmatch, findall, finditer, sub, subn and split on each in this
interpreter (CPython 3.11) and through tests/runtime/re_driver.c (linked
with build/libkilnrt.a), comparing spans, groups and results; plus bad
patterns and templates, whose re.error messages must be CPython's where
kiln's own reading finds them (PCRE2's words otherwise: only the type is
compared). The driver checks that each case leaves nothing alive.

    python3 tests/runtime/test_re.py                 the default counts
    python3 tests/runtime/test_re.py -n 5000 --seed 3 -v
    --oom-sample K   K sampled cases run again failing each allocation in
                     turn: the result or MemoryError, no crash, no leak

Exits 1 on any mismatch; the last line is 'N passed, N failed'.
"""
import argparse
import fcntl
import os
import random
import re
import subprocess
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
OPS = ["search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split"]

BAD_PATTERNS = ["a**", "a*?+", "^*", "(*)", "a|*", "(a", "a(b(c)", "a)", "[abc", "[z-a]", "[\\d-z]", "\\q",
                "\\x4", "\\u12", "\\8", "(a)\\2", "(?P<1a>x)", "(?P<a>x)(?P<a>y)", "(?P=b)", "(?P<a", "(?<n>a)",
                "x(?i)a", "a{2,1}", "[]", "abc\\", "(?", "(?P", "(?Px)", "(?#abc", "(?z)", "a{,2}{3}", "\\0777",
                "[\\A]", "(?i-i)a", "(?-x)a"]
BAD_TEMPLATES = ["\\g<2>", "\\g<x>", "\\g<", "\\g<>", "\\q", "\\", "\\g<1a>", "\\2", "\\g", "\\777"]


class Gen:
    def __init__(self, rnd):
        self.r = rnd
        self.groups = 0
        self.closed = set()

    def atom(self, depth):
        r = self.r
        k = r.random()
        if depth > 2 or k < 0.45:
            return r.choice(["a", "b", "c", "a", "b", ".", "\\d", "\\w", "\\s", "\\W", "[abc]", "[^a]", "[a-c]",
                             "[.\\d]", "é", "\\.", " ", "\\n", "x", "[éa]", "\\b", "^", "$", "\\A", "\\Z", "\\B"])
        if k < 0.6:
            return "(" + self.alt(depth + 1, capture=True) + ")"
        if k < 0.7:
            return "(?:" + self.alt(depth + 1) + ")"
        if k < 0.76:
            self.groups += 1
            g = self.groups
            body = self.alt(depth + 1)
            self.closed.add(g)
            return "(?P<n%d>%s)" % (g, body)
        if k < 0.82:
            return r.choice(["(?=", "(?!"]) + self.alt(depth + 1) + ")"
        if k < 0.86:
            return r.choice(["(?<=a)", "(?<!b)", "(?<=\\d)", "(?<! )"])
        if k < 0.93 and self.closed:
            return "\\%d" % r.choice(sorted(self.closed))
        return r.choice(["a", "b", "ab", "c"])

    def piece(self, depth):
        a = self.atom(depth)
        if a in ("^", "$", "\\A", "\\Z", "\\b", "\\B") or a.startswith("(?<") or a.startswith("(?=") or a.startswith("(?!"):
            return a
        if self.r.random() < 0.35:
            a += self.r.choice(["*", "+", "?", "{1,2}", "{2}", "{0,1}", "*?", "+?", "??", "{,2}"])
        return a

    def seq(self, depth):
        return "".join(self.piece(depth) for _ in range(self.r.randint(1, 3)))

    def alt(self, depth, capture=False):
        if capture:
            self.groups += 1
            g = self.groups
        parts = [self.seq(depth)]
        while self.r.random() < 0.25:
            parts.append(self.seq(depth))
        if capture:
            self.closed.add(g)
        return "|".join(parts)


def subject(r):
    alpha = "aabbc ab.\n1é_xAÉ#\tſK"
    return "".join(r.choice(alpha) for _ in range(r.randint(0, 12)))


def template(r, groups):
    pieces = ["x", "-", "\\g<0>", "\\n", "é", "\\\\"]
    if groups:
        pieces += ["\\1", "\\g<1>", "[\\%d]" % groups]
    return "".join(r.choice(pieces) for _ in range(r.randint(0, 3)))


def reference(op, flags, pat, subj, repl):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            if op in ("search", "match", "fullmatch"):
                m = getattr(re, op)(pat, subj, flags)
                if m is None:
                    return "None"
                n = len(m.groups())
                return "%r %r [%s]" % (m.span(), m.groups(), ", ".join(repr(m.span(i)) for i in range(1, n + 1)))
            if op == "findall":
                return repr(re.findall(pat, subj, flags))
            if op == "finditer":
                return "[" + ", ".join(repr(m.span()) for m in re.finditer(pat, subj, flags)) + "]"
            if op == "sub":
                return repr(re.sub(pat, repl, subj, 0, flags))
            if op == "subn":
                return repr(re.subn(pat, repl, subj, 0, flags))
            return repr(re.split(pat, subj, int(repl or 0), flags))
        except re.error as e:
            return "ERR re.error: " + str(e)
        except Exception as e:  # noqa: BLE001 - the driver prints any exception the same way
            return "ERR %s: %s" % (type(e).__name__, e)


def same(want, got):
    if want == got:
        return True
    # an error PCRE2 found (not kiln's reading of the pattern): its own words
    return (want.startswith("ERR re.error") and got.startswith("ERR re.error") and
            not re.search(r"at position \d+$", got))


def hx(s):
    return s.encode("utf-8").hex() or "-"


def build(args):
    exe_dir = os.path.join(ROOT, "build", "tests")
    os.makedirs(exe_dir, exist_ok=True)
    with open(os.path.join(ROOT, "build", "libkilnrt.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        subprocess.run(["make", "-s", "-C", ROOT, "build/libkilnrt.a"], check=True, stdout=subprocess.DEVNULL)
    exe = os.path.join(exe_dir, "re_driver")
    cmd = [args.cc, "-std=c11", "-D_GNU_SOURCE", "-g", "-O1", "-Wall", "-Wextra", "-Wno-unused-parameter",
           "-I" + os.path.join(ROOT, "runtime"), "-o", exe, os.path.join(HERE, "re_driver.c"),
           os.path.join(ROOT, "build", "libkilnrt.a"), "/usr/lib/x86_64-linux-gnu/libpcre2-8.a", "-lutf8proc", "-lm"]
    subprocess.run(cmd, check=True)
    return exe


def run_driver(exe, cases, oom=0):
    text = "".join("%s %d %s %s %s\n" % (op, fl, hx(p), hx(s), hx(r)) for op, fl, p, s, r in cases)
    argv = [exe] + (["--oom", str(oom)] if oom else [])
    p = subprocess.run(argv, input=text.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.stderr.write(p.stderr.decode("utf-8", "replace")[-4000:])
    out, cur = [], []
    for line in p.stdout.decode("utf-8", "replace").split("\n"):
        if line == "=":
            out.append(cur)
            cur = []
        elif line:
            cur.append(line)
    return out, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--oom-sample", type=int, default=0)
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    cases = []
    for _ in range(args.n):
        g = Gen(rnd)
        pat = g.alt(0)
        flags = rnd.choice([0, 0, 0, re.I, re.M, re.S, re.I | re.M, re.A, re.X, re.I | re.X])
        op = rnd.choice(OPS)
        repl = template(rnd, g.groups) if op in ("sub", "subn") else str(rnd.choice([0, 0, 1, 2])) if op == "split" else ""
        cases.append((op, flags, pat, subject(rnd), repl))
    for p in BAD_PATTERNS:
        cases.append(("search", 0, p, "abc", ""))
    for t in BAD_TEMPLATES:
        cases.append(("sub", 0, "(a)", "cab", t))
    exe = build(args)
    got, rc = run_driver(exe, cases)
    passed = failed = 0
    for i, case in enumerate(cases):
        want = reference(*case)
        lines = got[i] if i < len(got) else ["<no output>"]
        res = bytes.fromhex(lines[0]).decode("utf-8", "replace") if lines and not lines[0].startswith("<") else "?"
        leak = [ln for ln in lines[1:] if ln.startswith("LEAK")]
        if same(want, res) and not leak:
            passed += 1
            continue
        failed += 1
        print("FAIL %s flags=%d pattern=%r subject=%r repl=%r\n  cpython: %s\n  kiln:    %s%s" %
              (case[0], case[1], case[2], case[3], case[4], want, res, ("\n  " + " ".join(leak)) if leak else ""))
    if rc != 0:
        failed += 1
        print("FAIL the driver exited %d" % rc)
    if args.oom_sample:
        sample = rnd.sample(cases, min(args.oom_sample, len(cases)))
        got, rc = run_driver(exe, sample, oom=100)
        for case, lines in zip(sample, got):
            if lines:
                failed += 1
                print("FAIL oom %r: %s" % (case, "; ".join(lines[:3])))
            else:
                passed += 1
        if rc != 0:
            failed += 1
            print("FAIL the driver exited %d under --oom" % rc)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
