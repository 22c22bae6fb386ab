#!/usr/bin/env python3
"""tests/unit/test_serve_stress.py — make test's slice of kiln serve under
load and faults: tests/serve/stress.py for 5 seconds at 256 connections
(make serve-stress runs it for a minute). The last line is 'N passed, N failed'."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.exit(subprocess.call([sys.executable, os.path.join(ROOT, "tests", "serve", "stress.py"),
                          "--seconds", "5", "--connections", "256"]))
