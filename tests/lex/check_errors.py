#!/usr/bin/env python3
"""tests/lex/check_errors.py — kiln's lexical errors against CPython's.

Each case below is a small source (bytes) whose first error CPython raises
from its tokenizer or its source decoding, or from decoding a string
literal. The expected error is computed here, by ast.parse in this python3
(a CPython 3.11): its class, message, lineno and offset. kiln must report
the same class, message and line, and, for the lexer's own errors (the
`tokens` cases), the same column too: CPython's SyntaxError.offset is
kiln's 1-based column.

  tokens cases   run `kiln tokens FILE`: the error of its TK_ERROR token, or
                 the decoding error of source.c.
  ast cases      run `kiln ast FILE`: string literal errors, raised by the
                 parser through strlit_decode, and errors that need the
                 parser to pick CPython's error.
A few cases are valid neighbours of error cases: kiln must accept them.
Cases whose column CPython computes in a way kiln does not reproduce carry
nocol=True; cases whose line or message CPython takes from something kiln
cannot see (a coding error has lineno 0) carry noline=True.

Usage: check_errors.py [--kiln BIN] [-v]. Ends with "N passed, N failed".
"""

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def T(src, **kw):
    return dict(src=src, mode="tokens", **kw)


def A(src, **kw):
    return dict(src=src, mode="ast", **kw)


CASES = [
    # numbers
    T(b"1__0"), T(b"1_"), T(b"x = 1_\n"), T(b"0x"), T(b"0x_"), T(b"0xg"), T(b"0x1g"), T(b"0X1_G"),
    T(b"0o8"), T(b"0o18"), T(b"0o"), T(b"0o1a"), T(b"0o_"), T(b"0O7_9"), T(b"0b2"), T(b"0b12"),
    T(b"0b"), T(b"0b1a"), T(b"0B_"), T(b"012"), T(b"0_1"), T(b"0777"), T(b"09"), T(b"00_7"),
    T(b"0e"), T(b"1e"), T(b"1e+"), T(b"1e+x"), T(b"1E-_1"), T(b"1jx"), T(b"1Ja"), T(b"1a"), T(b"1_a"),
    T(b"1.0__1"), T(b"1e1__0"), T(b"1__"), T(b"1.e"), T(b"1ej"), T(b".5_"), T(b".5a"),
    T(b"1_e1"), T(b"1e_1"), T(b"1.__class__"), T(b"1.real"), T(b"0_"), T(b"0__1"),
    T(b"1andx"), T(b"1orx"), T(b"1notx"), T(b"1elsex"), T(b"1fo"), T(b"0b1_"), T(b"0o7_"),
    T(b"x = [1, 2,\n     3a]\n"), T(b"if x:\n    y = 0x\n"), T(b"1.5e10x"), T(b"5j_"),
    # strings
    T(b"x = 'abc"), T(b'x = "abc\n'), T(b"x = 'abc\\\n"), T(b'x = ("abc\n'), T(b"x = '''abc"),
    T(b"'''"), T(b'"""\n\n\nabc\n'), T(b"x = 1\ny = rb'abc\n"), T(b"f'abc"), T(b"x = u'''a\nb\n"),
    T(b"s = 'a\\\nb\\\nc\n"), T(b"'''a'''b'"), T(b"x = '\xc3\xa9\n"), T(b"x = \"\"\"a\"\"\n"),
    # names and characters
    T(b"x = \xe2\x82\xac"), T(b"\xe2\x82\xac = 1"), T(b"x\xe2\x82\xac = 1"), T(b"a\xc2\xa0b = 1"),
    T(b"x = \xc2\xa0"), T(b"\xcc\x81a = 1"), T(b"\xc2\xb7 = 1"), T(b"a\xe2\x80\x8b = 1"),
    T(b"x\xe3\x80\x80= 1"), T(b"x = a\x01"), T(b"x = a\x7f"), T(b"x = \x1b"), T(b"x = 1\x0b"),
    T(b"x =\x0b1"), T(b"\xe2\x80\x9chello\xe2\x80\x9d"), T(b"x = 1 \xe2\x80\x93 2"),
    T(b"1\xe2\x82\xac"), T(b"x = 3 + \xf0\x9f\x98\x80\n"),
    # brackets
    T(b"x = (1,\n]"), T(b"x = (1]"), T(b")"), T(b"x = 1)\n"), T(b"x = {\n\n)"), T(b"x = [(])"),
    T(b"(" * 201), T(b"x = (\n"), T(b"("), T(b"(\n\n\n"), T(b"x = [1,\n2\n"), T(b"f(\n  a,\n  [b,\n"),
    T(b"x = (1 \\\n"),
    # indentation
    T(b"if x:\n    a\n  b\n"), T(b"if x:\n    a = (1 +\n 2)\n  b\n"), T(b"if x:\n        a\n\tb\n"),
    T(b"if x:\n\tif y:\n        a\n"), T(b"if x:\n\t  b\n  \tc\n"), T(b"if 1:\n\tx\n\x0c        y"),
    T(b"if x:\n    y = 1\n  \\\n  z = 2\n"), T(b"if 1:\n\tx\n        \\\n  y"),
    T(b"if 1:\n\tx\n \\\n\ty"), T(b"".join(b" " * i + b"if x:\n" for i in range(100)) + b" " * 100 + b"pass\n"),
    T(b"if x:\n  a\n   # c\n b\n"), T(b"class A:\n\tdef f(self):\n\t\tpass\n        def g(self):\n\t\tpass\n"),
    # line continuation
    T(b"x = 1 \\ y"), T(b"x = 1 \\"), T(b"x = 1 \\\n"), T(b"\\\n"), T(b"x = 1 \\   \n2"),
    T(b"if x:\n  pass\n  \\\n"), T(b"  \\ x"), T(b"x = (\n  \\ y)"), T(b"if x:\n  y\n\\\n"),
    T(b"x = 1\n  \\\n"), T(b"x = '\\\n"), 
    # source decoding
    T(b"x\x00 = 1", noline=True), T(b"x = 1\n\x00", noline=True), T(b"# coding: foo\nx=1\n", noline=True), T(b"\xef\xbb\xbf# coding: utf8\nx=1\n", noline=True),
    T(b"\xef\xbb\xbf# coding: latin-1\nx=1\n", noline=True),
    T(b'# coding: ascii\nx="\x80"\n', noline=True, nocol=True),
    T(b'# coding: cp1252\nx="\x81"', noline=True, nocol=True),
    T(b"x = \"\xff\"\n", nocol=True), T(b"x\xff = 1\n", nocol=True), T(b"x = 1\ns = '\xff'\n", nocol=True),
    T(b"x = '\xe9'\n", nocol=True), T(b"x = '\xe4\xb8'\n", nocol=True), T(b"x = '\xed\xa0\x80'\n", nocol=True),
    T(b"x = '\xf0\x9f\x98'\n", nocol=True), T(b"\xc3(x)\n", nocol=True),
    # string literal values (through the parser)
    A(b"'\\x'"), A(b"'\\x4'"), A(b"'ab\\xg'"), A(b"'\\u12'"), A(b"'\\U0011FFFF'"), A(b"'\\U00110000'"),
    A(b"'\\U1234567'"), A(b"'\\N'"), A(b"'\\Nx'"), A(b"'\\N{abc'"), A(b"'\\N{}'"), A(b"'\\N{ }'"),
    A(b"'\\N{foo}'"), A(b"'\\N{cjk unified ideograph-4E00}'"), A(b"'\\N{CJK UNIFIED IDEOGRAPH-4e00}'"),
    A(b"'\\N{CJK UNIFIED IDEOGRAPH-2A6E0}'"), A(b"'\\N{hangul syllable GA}'"), A(b"'\\N{HANGUL SYLLABLE ga}'"),
    A(b"'\\N{HANGUL SYLLABLE GAGX}'"), A(b"'\\N{HANGUL SYLLABLE }'"), A(b"'\\N{TANGUT IDEOGRAPH-17000}'"),
    A(b"'\\N{<control>}'"), A(b"'\\N{LATIN SMALL LETTER A }'"), A(b"'\\N{PRIVATE USE AREA}'"),
    A(b"'\xc3\xa9\\x'"), A(b"'\\\xc3\xa9\\x'"), A(b"'\xc3\xa9\\N{foo}'"), A(b"'\\400 \\x'"),
    A(b"'\\N{a\\\xc3\xa9}'"), A(b"'\\N{\xc3\xa9}'"), A(b"'\\N{KAWI LETTER KA}'"), A(b"'\\N{EM}'"), A(b"'\\N{END OF MEDIUM}'"),
    A(b"b'\\x'"), A(b"b'\\x4'"), A(b"b'ab\\xg'"), A(b"b'\\400 \\x'"), A(b"b'\xc3\xa9'"), A(b"rb'\xc3\xa9'"),
    A(b"x = 1\ny = '''\nabc\\N{foo}'''\n"), A(b"x = ('a'\n     '\\x')\n"),
    A(b"f'{1a}'"), A(b"f'{a \xe2\x82\xac}'"), A(b"f'{0x}'"), A(b"f'{\x01}'"),
    # a later tokenizer error replaces the parser's
    A(b"x = = 1\ny = \"abc\n"), A(b"x = = 1\ny = 1a\n"), A(b"print \"x\"\ny = \"abc\n"),
    A(b"def f():\nx=1\n\""), A(b"x = = 1\n$\n1a"), A(b"(\nx = = 1\n1a"),
    # ... and those that do not
    A(b"x = = 1\n\ty=1\n        z=2\n"), A(b"if x:\n  x = = 1\n y=2\n"), A(b"x = = 1\ny = 1 \\ x\n"),
    A(b"x = $y"), A(b"a ? b"), A(b"x = `y`"), A(b"a <> b"), A(b"x = 1 !\ny = 2\n"),
    A(b"x=1\n  y=2\nz=\"\n"), A(b"x = (\n1 2)\n$"),
    # unclosed brackets against a parser error on a later line
    A(b"x = (\n= 1\ny = 3\n"), A(b"(\nx = = 1\ny \\ z"), A(b"x = (\n1 2\n"), A(b"0x1for"), A(b"x = 1 + \\\n\n"), A(b"x = (1 +\n\n\n1 2"),
    A(b"x = = 1\ny = (\n"), A(b"(\n$\n"), A(b"($\n"), A(b"(\n1 $ 2\n"), A(b"x = (1 <> 2\n"),
    A(b"x = (1,\n  2 <> 3\n"), A(b"x = [1,\n  2 ? 3\n"), A(b"x = [1,\n  2 ? 3]\n"),
]

LINE_RE = re.compile(r"^(.*?):(\d+):(\d+): error: (.*?)(?: \[(IndentationError|TabError)\])?$")


def cpython(src):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(src)
        except SyntaxError as e:
            return type(e).__name__, e.msg, e.lineno, e.offset
    return None


def kiln(binary, mode, src):
    with tempfile.NamedTemporaryFile(suffix=".py", delete=False) as f:
        f.write(src)
        path = f.name
    try:
        r = subprocess.run([binary, mode, path], capture_output=True, timeout=30)
    finally:
        os.unlink(path)
    if r.returncode not in (0, 1):
        return "crash (exit %d): %s" % (r.returncode, r.stderr.decode("utf-8", "replace")[-500:])
    first = r.stderr.decode("utf-8", "replace").splitlines()
    if r.returncode == 0 or not first:
        return None
    m = LINE_RE.match(first[0])
    if not m:
        return "unreadable error line: %r" % first[0]
    return m.group(5) or "SyntaxError", m.group(4), int(m.group(2)), int(m.group(3))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kiln", default=os.path.join(ROOT, "bin", "kiln"))
    ap.add_argument("-v", action="store_true", help="show every case")
    opts = ap.parse_args()
    passed = failed = 0
    for case in CASES:
        src, mode = case["src"], case["mode"]
        want = cpython(src)
        got = kiln(opts.kiln, mode, src)
        if want is None:  # a valid neighbour of an error case: kiln must accept it too
            ok = got is None
        else:
            ok = isinstance(got, tuple) and got[0] == want[0] and got[1] == want[1]
        if ok and want and not case.get("noline"):
            ok = got[2] == want[2]
        if ok and want and mode == "tokens" and not case.get("nocol") and not case.get("noline"):
            ok = got[3] == want[3]
        if ok:
            passed += 1
        else:
            failed += 1
        if not ok or opts.v:
            print("%s %s %r\n    python: %s\n    kiln:   %s" % ("ok  " if ok else "FAIL", mode, src, want, got))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
