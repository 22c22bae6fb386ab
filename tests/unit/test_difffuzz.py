#!/usr/bin/env python3
"""tests/unit/test_difffuzz.py — a short differential fuzzing run in make test:
100 programs of tests/difffuzz/gen.py from a fixed seed, compiled by kiln in
batches and compared with CPython (stdout, last line of stderr, exit status).
Every program must agree or be refused with a diagnostic; a disagreement or a
compiler crash fails the test (the programs are saved in build/difffuzz).
`make difffuzz N=5000` is the long run."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

p = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "difffuzz", "run.py"), "-n", "100", "--seed", "424242",
                    "--batch", "50", "--no-reduce", "--out", os.path.join(ROOT, "build", "difffuzz-test")],
                   cwd=ROOT, stdin=subprocess.DEVNULL)
sys.exit(p.returncode)
