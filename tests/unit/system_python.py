"""For tests that need packages only Debian's python has (numpy, torch,
jinja2 under /usr/bin/python3; the python3 first on PATH may be another).

    try:
        import torch
    except ImportError:
        rerun_or_skip("test_x.py", "torch or numpy", "python3-torch")

runs the script again under /usr/bin/python3 when another python runs it,
and skips, saying so, only when that one lacks them too."""
import os
import sys

SYSTEM_PYTHON = "/usr/bin/python3"


def rerun_or_skip(script: str, what: str, package: str) -> None:
    if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
        os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON] + sys.argv)
    print(f"{script}: skipped: {what} is not installed (apt-get install {package})")
    print("0 passed, 0 failed")
    sys.exit(0)
