#!/usr/bin/env python3
"""tests/lex/check_unicode.py — the lexer's Unicode classes against CPython's.

Builds tests/lex/unicode_props.c (which includes compiler/lex.c) and
compares, for every code point but the surrogates, its XID_Start and
XID_Continue (what a name may start with and continue with) and
printability (which of CPython's two "invalid character" messages is used)
with this python3's: str.isidentifier() and str.isprintable(), Unicode 14.0
in CPython 3.11. Prints the differing code points (at most 50) and ends
with "N passed, N failed" (one check per property).
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    comp = os.path.join(ROOT, "compiler")
    srcs = [os.path.join(comp, f) for f in ("util.c", "diag.c", "source.c")]  # what lex.c needs
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "unicode_props")
        subprocess.run(["cc", "-std=c11", "-D_GNU_SOURCE", "-O2", "-w", "-o", exe,
                        os.path.join(ROOT, "tests", "lex", "unicode_props.c")] + srcs + ["-lutf8proc"],
                       check=True)
        out = subprocess.run([exe], capture_output=True, check=True, text=True).stdout
    got = {}
    for line in out.splitlines():
        cp, s, c, p = line.split()
        got[int(cp, 16)] = (s == "1", c == "1", p == "1")
    failed = 0
    for i, name in enumerate(("XID_Start", "XID_Continue", "printable")):
        diffs = []
        for cp in range(0x110000):
            if 0xD800 <= cp <= 0xDFFF:
                continue
            ch = chr(cp)
            want = (ch.isidentifier() or ch == "_" if i == 0 else ("a" + ch).isidentifier() if i == 1
                    else ch.isprintable())
            if i == 0 and ch == "_":
                want = False  # '_' is no XID_Start; the lexer allows it separately
            have = got.get(cp, (False, False, False))[i]
            if have != want:
                diffs.append(cp)
        if diffs:
            failed += 1
            print("%s: %d code points differ: %s" % (name, len(diffs), " ".join("U+%04X" % c for c in diffs[:50])))
    print("%d passed, %d failed" % (3 - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
