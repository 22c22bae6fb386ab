#!/usr/bin/env python3
"""tests/lex/check_tokens.py — kiln's lexer against CPython's tokenize module.

For every .py file under tests/lex/valid and the standard library of this
python3 (sysconfig's "stdlib" path, site-packages included), or under the
files and folders given, run `bin/kiln tokens FILE` and compare its tokens with tokenize's: kind,
line and column of each. Files CPython cannot compile (ast.parse of the
bytes fails) are skipped: their errors are tests/lex/check_errors.py's
business; so are the few that tokenize (a separate, pure-Python tokenizer)
fails on though CPython compiles them (tokenize does not know that a
backslash before a line's first token fixes its indentation).

The two token streams differ by design in a few ways, mapped here:
  - tokenize's ENCODING, COMMENT and NL tokens have no kiln counterpart;
  - tokenize calls every operator OP: its exact_type names the kind
    (LPAR, NOTEQUAL, ...), which is kiln's kind; kiln's KW_if etc. are NAME;
  - tokenize's columns are 0-based, kiln's 1-based (both count characters);
  - the DEDENTs and ENDMARKER at the end of the file: only their kinds are
    compared (tokenize puts them on the line after the last one).

Usage: check_tokens.py [--kiln BIN] [-j N] [-v] [PATH...]
Prints one line per file that differs (the first difference) and ends with
"N files match, N differ, N skipped"; exits 1 if any file differs.
"""

import argparse
import ast
import io
import multiprocessing
import os
import subprocess
import sys
import sysconfig
import token
import tokenize
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def python_tokens(data):
    """(kind, line, col0) for each token tokenize makes, kiln's way."""
    out = []
    end = None
    for t in tokenize.tokenize(io.BytesIO(data).readline):
        if t.type in (tokenize.ENCODING, tokenize.COMMENT, tokenize.NL):
            continue
        kind = token.tok_name[t.exact_type] if t.type == token.OP else token.tok_name[t.type]
        # tokenize's \w misses some identifier characters (combining marks,
        # variation selectors, Other_ID_Start) and makes ERRORTOKEN pieces
        # of such a name (in a file CPython compiles): glue the touching
        # pieces back into one NAME.
        if kind == "ERRORTOKEN":
            kind = "NAME"
        if kind == "NAME" and out and out[-1][0] == "NAME" and end == t.start:
            pass
        else:
            out.append((kind, t.start[0], t.start[1]))
        end = t.end
    return out


def kiln_tokens(kiln, path):
    """(kind, line, col0) from `kiln tokens`, or an error string."""
    r = subprocess.run([kiln, "tokens", path], capture_output=True, timeout=60)
    if r.returncode != 0:
        err = r.stderr.decode("utf-8", "replace").strip().splitlines()
        return "kiln failed (exit %d): %s" % (r.returncode, err[0] if err else "")
    out = []
    for line in r.stdout.decode("utf-8", "surrogateescape").splitlines():
        pos, kind, _ = line.split(" ", 2)
        ln, col = pos.split(":")
        if kind.startswith("KW_"):
            kind = "NAME"
        out.append((kind, int(ln), int(col) - 1))
    return out


def trailing(toks):
    """The index where the final run of DEDENT/ENDMARKER tokens starts."""
    i = len(toks)
    while i > 0 and toks[i - 1][0] in ("DEDENT", "ENDMARKER"):
        i -= 1
    return i


def check(args):
    kiln, path = args
    try:
        with open(path, "rb") as f:
            data = f.read()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                ast.parse(data)
            except (SyntaxError, ValueError):
                return ("skip", path, "CPython rejects it")
            try:
                want = python_tokens(data)
            except (tokenize.TokenError, SyntaxError) as e:
                return ("skip", path, "tokenize fails: %s" % e)
        got = kiln_tokens(kiln, path)
        if isinstance(got, str):
            return ("diff", path, got)
        tw, tg = trailing(want), trailing(got)
        if [k for k, _, _ in want[tw:]] != [k for k, _, _ in got[tg:]]:
            return ("diff", path, "end of file: want %s, got %s" % (
                [k for k, _, _ in want[tw:]], [k for k, _, _ in got[tg:]]))
        for i in range(max(tw, tg)):
            w = want[i] if i < tw else None
            g = got[i] if i < tg else None
            if w != g:
                fmt = lambda t: "%s at %d:%d" % (t[0], t[1], t[2] + 1) if t else "nothing"
                return ("diff", path, "token %d: want %s, got %s" % (i, fmt(w), fmt(g)))
        return ("ok", path, "")
    except Exception as e:  # a crash of the checker is a difference too
        return ("diff", path, "%s: %s" % (type(e).__name__, e))


def collect(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                files.extend(os.path.join(d, n) for n in names if n.endswith(".py"))
        else:
            files.append(p)
    return sorted(files)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kiln", default=os.path.join(ROOT, "bin", "kiln"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("-v", action="store_true", help="also list skipped files")
    ap.add_argument("paths", nargs="*")
    opts = ap.parse_args()
    files = collect(opts.paths or [os.path.join(ROOT, "tests", "lex", "valid"), sysconfig.get_paths()["stdlib"]])
    counts = {"ok": 0, "diff": 0, "skip": 0}
    with multiprocessing.Pool(opts.j) as pool:
        for status, path, msg in pool.imap_unordered(check, [(opts.kiln, f) for f in files], chunksize=8):
            counts[status] += 1
            if status == "diff" or (status == "skip" and opts.v):
                print("%s: %s: %s" % (status, path, msg), flush=True)
    print("%d files match, %d differ, %d skipped" % (counts["ok"], counts["diff"], counts["skip"]))
    return 1 if counts["diff"] else 0


if __name__ == "__main__":
    sys.exit(main())
