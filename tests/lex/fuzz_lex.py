#!/usr/bin/env python3
"""tests/lex/fuzz_lex.py — random inputs for the lexer, CPython as the oracle.

Mutates small snippets and slices of standard-library files (byte flips,
insertions of characters the lexer cares about, truncation, splicing) and
runs `kiln tokens` on each. Every run must end with exit 0 or 1 within the
time limit (no crash, no hang, no sanitizer report: run it against a
sanitizer build with --kiln). When CPython rejects the input with an error
its tokenizer or source decoding raises (the messages in LEXER_MESSAGES),
that error is the first lexical error of the text, so kiln's must be the
same: message, line and column.

Usage: fuzz_lex.py [--kiln BIN] [-n N] [--seed S]. Prints each mismatch and
ends with "N runs, N lexical errors compared, N mismatches"; exits 1 on any mismatch.
"""

import argparse
import ast
import os
import random
import re
import subprocess
import sys
import sysconfig
import tempfile
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

LEXER_MESSAGES = re.compile(
    r"^(invalid (decimal|hexadecimal|octal|binary|imaginary) literal"
    r"|invalid digit '.' in (octal|binary) literal"
    r"|leading zeros in decimal integer literals"
    r"|unterminated (triple-quoted )?string literal"
    r"|invalid character '.*' \(U\+[0-9A-F]+\)"
    r"|invalid non-printable character"
    r"|unmatched '.'"
    r"|closing parenthesis"
    r"|too many nested parentheses"
    r"|source code string cannot contain null bytes)")

FSTRING = re.compile(rb"(?<![A-Za-z0-9_])([fF][rR]?|[rR][fF])['\"]")

SNIPPETS = [
    b"x = 1\n", b"if x:\n    y = (1,\n         2)\nelse:\n\tz = 3\n", b"s = 'a\\'b' \"c\" '''d\ne'''\n",
    b"n = 0x1f + 0o17 + 0b101 + 1_000 + 1.5e-3j + .5 + 5.\n", b"def f(a, *b, **c) -> int:\n    return a @ b\n",
    b"x = [i for i in range(10) if i % 2]\n", b"f'{a!r:>{w}}' rb'\\d' Rb\"x\" u'\xc3\xa9'\n",
    b"class C:\n  def m(self):\n    pass\n\n  # c\n  x = 1 \\\n    + 2\n", b"a <<= 1; b >>= 2; c //= 3; d **= 4\n",
    b"\xcf\x80 = 3.14\n", b"x = {1: 2, **d}\n",
]

INSERTS = [b"\n", b"\t", b" ", b"\\", b"'", b'"', b"'''", b"(", b")", b"[", b"]", b"{", b"}", b"#", b"0", b"1",
           b"_", b"e", b"j", b"x", b"0x", b"0o", b"0b", b".", b"\x0c", b"\r", b"\r\n", b"\xc3\xa9", b"\xe2\x82\xac",
           b"\xc2\xa0", b"\x01", b"$", b"!", b"?", b"\xff", b"\x00", b"    ", b"\\\n", b"f'", b"b'", b"r'"]


def corpus(rng):
    root = sysconfig.get_paths()["stdlib"]
    files = []
    for d, _, names in os.walk(root):
        if "site-packages" in d:
            continue
        files.extend(os.path.join(d, n) for n in names if n.endswith(".py"))
    rng.shuffle(files)
    out = list(SNIPPETS)
    for f in files[:200]:
        with open(f, "rb") as fh:
            data = fh.read()
        if len(data) > 2000:
            start = rng.randrange(len(data) - 1500)
            start = data.rfind(b"\n", 0, start) + 1
            data = data[start:start + 1500]
        out.append(data)
    return out


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        pos = rng.randint(0, len(data))
        if op < 0.45:
            data[pos:pos] = rng.choice(INSERTS)
        elif op < 0.65 and data:
            del data[pos:pos + rng.randint(1, 3)]
        elif op < 0.8 and data:
            data[min(pos, len(data) - 1)] = rng.randrange(256)
        elif op < 0.9:
            data = data[:pos]
        else:
            data[pos:pos] = rng.choice(INSERTS) * rng.randint(2, 250)
    return bytes(data)


def cpython(src):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(src)
        except SyntaxError as e:
            return e.msg, e.lineno, e.offset
        except (ValueError, RecursionError, MemoryError):
            return None
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kiln", default=os.path.join(ROOT, "bin", "kiln"))
    ap.add_argument("-n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    opts = ap.parse_args()
    rng = random.Random(opts.seed)
    seeds = corpus(rng)
    bad = compared = 0
    # sanitizer builds: reports are fatal and distinctive; leaks are not checked
    # (the compiler frees its arenas by exiting)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:exitcode=86",
               UBSAN_OPTIONS="halt_on_error=1:exitcode=86:print_stacktrace=1")
    fd, path = tempfile.mkstemp(suffix=".py")
    os.close(fd)
    try:
        for i in range(opts.n):
            src = mutate(rng, rng.choice(seeds))
            with open(path, "wb") as f:
                f.write(src)
            try:
                r = subprocess.run([opts.kiln, "tokens", path], capture_output=True, timeout=10, env=env)
            except subprocess.TimeoutExpired:
                print("HANG %r" % src)
                bad += 1
                continue
            err = r.stderr.decode("utf-8", "replace")
            if r.returncode not in (0, 1) or "runtime error" in err or "Sanitizer" in err:
                print("CRASH (exit %d) %r\n%s" % (r.returncode, src, err[-2000:]))
                bad += 1
                continue
            try:  # CPython lets bad UTF-8 pass in comments; kiln does not (see source.c)
                src.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if FSTRING.search(src):  # kiln tokens does not lex replacement fields
                continue
            want = cpython(src)
            if not want or not LEXER_MESSAGES.match(want[0]) or want[1] is None:
                continue
            m = re.match(r"^.*?:(\d+):(\d+): error: (.*?)(?: \[\w+\])?$", err.splitlines()[0] if err else "")
            got = (m.group(3), int(m.group(1)), int(m.group(2))) if m else None
            ok = got == want
            compared += 1
            if not ok:
                print("MISMATCH %r\n    python: %s\n    kiln:   %s" % (src, want, got))
                bad += 1
    finally:
        os.unlink(path)
    print("%d runs, %d lexical errors compared, %d mismatches" % (opts.n, compared, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
