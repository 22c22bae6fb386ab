#!/usr/bin/env python3
"""tests/middle/check_stdlib.py — the middle end on code it was not written for.

Runs `kiln ir --types` (resolve, lowering, type propagation) on every .py file
of this python3's standard library. Each file must either compile (exit 0) or
be refused with a clean diagnostic: exit 1 and a first stderr line of the form
`FILE:LINE:COL: error[KNNNN]: MESSAGE` (a code of compiler/errors.def). A crash, a timeout, another exit status, a
sanitizer report or a malformed message is a failure. Most of the stdlib uses
what kiln does not compile yet (classes, imports): that is fine here; this is a
robustness check, not a coverage one. The tally of the first diagnostics shows
what is refused most often (the next features to build).

    python3 tests/middle/check_stdlib.py [--kiln bin/kiln-asan] [-j N] [--limit N]
Last line: "N passed, N failed".
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ERR = re.compile(r"^(.*):(\d+):(\d+): error\[K(?!0000)\d{4}\]: (.*)$")  # K0000: a message errors.def lacks
SANITIZER = (b"AddressSanitizer", b"UndefinedBehaviorSanitizer", b"runtime error:", b"LeakSanitizer")


def check(kiln, path, timeout):
    try:
        p = subprocess.run([kiln, "ir", "--types", path], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return path, f"timed out after {timeout} s", None
    if any(m in p.stderr for m in SANITIZER):
        return path, "sanitizer report: " + p.stderr.decode("utf-8", "replace")[-600:], None
    if p.returncode == 0:
        return path, None, None
    if p.returncode != 1:
        return path, f"exit status {p.returncode}: " + p.stderr.decode("utf-8", "replace")[-400:], None
    first = p.stderr.decode("utf-8", "replace").split("\n", 1)[0]
    m = ERR.match(first)
    if not m:
        return path, f"malformed diagnostic: {first[:300]!r}", None
    # the construct, without names and numbers, for the tally
    what = re.sub(r"'[^']*'", "'…'", m.group(4))
    what = re.sub(r"\b\d+\b", "N", what)
    return path, None, what


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kiln", default=os.path.join(ROOT, "bin", "kiln"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--limit", type=int, default=0, help="check only the first N files")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--top", type=int, default=15, help="show the N most common diagnostics")
    opts = ap.parse_args()
    stdlib = sysconfig.get_paths()["stdlib"]
    files = []
    for d, _, names in os.walk(stdlib):
        if "site-packages" in d:
            continue
        files += sorted(os.path.join(d, n) for n in names if n.endswith(".py"))
    files.sort()
    if opts.limit:
        files = files[:opts.limit]
    passed = failed = compiled = 0
    tally = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(opts.j) as ex:
        for path, failure, what in ex.map(lambda f: check(opts.kiln, f, opts.timeout), files):
            if failure:
                failed += 1
                print(f"FAIL {os.path.relpath(path, stdlib)}: {failure}")
                continue
            passed += 1
            if what:
                tally[what] += 1
            else:
                compiled += 1
    print(f"{compiled} of {len(files)} files compile; the most common diagnostics:")
    for what, n in tally.most_common(opts.top):
        print(f"  {n:6d}  {what[:110]}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
