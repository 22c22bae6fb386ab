#!/usr/bin/env python3
"""tests/lex/check_names.py — \\N{NAME} escapes against CPython's unicodedata.

Writes one Python file holding a '\\N{...}' string for every character name
and alias CPython 3.11 knows (unicodedata.name over all code points,
lower-cased names too, the Hangul and CJK algorithmic names, and the name
aliases of NameAliases.txt when present), runs `kiln ast` on it and compares
the dump with CPython's ast.dump. Ends with "N passed, N failed".

Usage: check_names.py [--kiln BIN]
"""

import argparse
import ast
import os
import subprocess
import sys
import tempfile
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def names():
    out = []
    for cp in range(0x110000):
        n = unicodedata.name(chr(cp), None)
        if n:
            out.append(n)
            if cp % 7 == 0 and not n.startswith(("CJK UNIFIED IDEOGRAPH-", "HANGUL SYLLABLE ")):
                out.append(n.lower())  # names are matched without regard to case, but
                # for the algorithmic ones
    try:
        with open("/usr/share/unicode/NameAliases.txt") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    alias = line.split(";")[1]
                    try:
                        unicodedata.lookup(alias)
                        out.append(alias)
                    except KeyError:  # an alias newer than CPython's database
                        pass
    except OSError:
        pass
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kiln", default=os.path.join(ROOT, "bin", "kiln"))
    opts = ap.parse_args()
    all_names = names()
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for start in range(0, len(all_names), 4000):
            chunk = all_names[start:start + 4000]
            src = "x = [\n" + "".join("  '\\N{%s}',\n" % n for n in chunk) + "]\n"
            path = os.path.join(tmp, "names.py")
            with open(path, "w", encoding="utf-8") as f:
                f.write(src)
            want = ast.dump(ast.parse(src))
            r = subprocess.run([opts.kiln, "ast", path], capture_output=True)
            got = r.stdout.decode("utf-8", "surrogateescape").rstrip("\n")
            if r.returncode == 0 and got == want:
                passed += 1
            else:
                failed += 1
                err = r.stderr.decode("utf-8", "replace").splitlines()
                print("names %d..%d differ: %s" % (start, start + len(chunk), err[0] if err else "dump differs"))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
