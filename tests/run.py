#!/usr/bin/env python3
"""tests/run.py — kiln's test runner. Standard library only; CPython is the oracle.

Run it with the python3 first on PATH (a CPython 3.11): the same interpreter
computes the reference results, in-process, so no test starts a python per file.

Suites (default: all but parity):

  parse          tests/parse/*.py and examples/*.py: valid programs. `kiln ast FILE`
                 must exit 0 and print exactly CPython's ast.dump(ast.parse(bytes)).
  syntax         tests/syntax/*.py: malformed programs. The first line of each
                 (after a BOM, if any) states the error, in kiln's own format less
                 the file and column:
                     # error: LINE: MESSAGE
                     # error: LINE: MESSAGE [IndentationError]   (or [TabError])
                 The runner checks that CPython raises exactly that (else the test
                 file is wrong), then that kiln exits 1 and that the first line of
                 its stderr is "FILE:LINE:COL: error[K00NN]: MESSAGE" with that LINE
                 and MESSAGE (and the kind suffix kiln prints for IndentationError
                 and TabError), and a code of the syntax range K0001-K0099
                 (compiler/errors.def; `kiln explain CODE`).
  parity         every .py under the standard library folder of this python3
                 (sysconfig's "stdlib" path, site-packages included). A file CPython
                 parses must dump identically; a file CPython rejects, kiln must
                 reject with exit 1 on the same line (any line when CPython gives
                 none, e.g. for an unknown coding cookie).
  parity-sample  a fixed sample of parity (--sample files, default 300): the
                 grammar-heavy tests and known-rejected files of the stdlib, then
                 files picked by the SHA-1 of their relative paths, two thirds from
                 the stdlib proper and a third from site-packages; stable across
                 runs and machines.
  clients        tests/clients: the Node client (node --test *.test.mjs) and the
                 Python client (unittest test_*.py) over small compiled models,
                 checked against the same Python under CPython (numpy's under
                 /usr/bin/python3), locally and through an OpenAI-wire server
                 the tests run (the hybrid path).
  numpy          tests/numpy/*.py: numpy programs, compiled by kiln and run beside
                 numpy 1.24 under /usr/bin/python3 (KILN_NUMPY_PYTHON): stdout, the
                 last line of stderr and the exit status must match; a file whose
                 header says "# tolerance: 1e-6" lets numbers differ by that much.

Known failures: a suite folder may hold known_failures.txt, one test name a line
(a path relative to the suite's root; '#' starts a comment). A listed test that
fails is not counted; a failing test not listed is a failure; a listed test that
passes is reported (not a failure) so the entry can be removed: by hand or with
--prune-known. The lists only shrink: nothing adds to them but a person. In the
syntax suite an entry may be followed by the word `message`: then only a wrong
message or kind is forgiven, and a wrong line still fails; the word `line`
forgives a wrong line or message but never a crash or a timeout.

The last line printed is "N passed, N failed"; the exit status is 1 if any test
failed, 2 on a usage error (e.g. no kiln binary).
"""

import argparse
import ast
import difflib
import hashlib
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import sysconfig
import time
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SUITES = ("unit", "parse", "syntax", "fuzz", "ir", "programs", "numpy", "clients", "parity-sample", "parity")
DEFAULT_SUITES = ("unit", "parse", "syntax", "fuzz", "ir", "programs", "numpy", "clients", "parity-sample")

# The numpy suite's reference: Debian's python3 with python3-numpy (1.24), not
# the python3 first on PATH (a separate CPython without numpy).
NUMPY_PYTHON = os.environ.get("KILN_NUMPY_PYTHON", "/usr/bin/python3")

# Where each suite keeps its known-failures list.
KNOWN_LISTS = {
    "parse": "tests/parse/known_failures.txt",
    "syntax": "tests/syntax/known_failures.txt",
    "ir": "tests/ir/known_failures.txt",
    "unit": "tests/unit/known_failures.txt",
    "fuzz": "tests/fuzz/known_failures.txt",
    "programs": "tests/programs/known_failures.txt",
    "numpy": "tests/numpy/known_failures.txt",
    "clients": "tests/clients/known_failures.txt",
    "parity": "tests/parity/known_failures.txt",
    "parity-sample": "tests/parity/known_failures.txt",
}

HEADER_RE = re.compile(r"# error: (\d+): (.*?)(?: \[(IndentationError|TabError)\])?\s*$")
KINDS = ("SyntaxError", "IndentationError", "TabError")

# Sanitizer builds: make every report fatal with a distinctive exit status, so it
# can never pass for a syntax error (exit 1). Leak checking is off: the compiler
# allocates from arenas and lets the process exit free them.
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=0:exitcode=86:abort_on_error=0",
    "UBSAN_OPTIONS": "halt_on_error=1:exitcode=86:print_stacktrace=1",
}
SANITIZER_MARKS = (b"ERROR: AddressSanitizer", b"ERROR: LeakSanitizer", b"runtime error:")


# ---------------------------------------------------------------- tests

class Test:
    """One file to check. name is what known_failures.txt lists and what the
    report prints; path is what kiln is given."""

    __slots__ = ("suite", "name", "path")

    def __init__(self, suite, name, path):
        self.suite, self.name, self.path = suite, name, path


class Result:
    """status: "pass", "fail" (kiln is wrong) or "broken" (the test itself is
    wrong; never forgiven by a known-failures list). what: "line", "message",
    "output", "crash", ... — the kind of failure, so that a `message` entry can
    forgive only a message. detail: lines for the report."""

    __slots__ = ("test", "status", "what", "detail")

    def __init__(self, test, status, what="", detail=()):
        self.test, self.status, self.what, self.detail = test, status, what, list(detail)


def stdlib_root(override):
    return os.path.abspath(override or sysconfig.get_paths()["stdlib"])


def stdlib_files(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
    return out


# Always in parity-sample where they exist: the stdlib's grammar-heavy files
# and files CPython rejects (with and without a line number).
SAMPLE_ALWAYS = (
    "test/test_grammar.py", "test/test_patma.py", "test/test_fstring.py",
    "test/test_string_literals.py", "test/test_unparse.py", "test/test_coroutines.py",
    "test/test_pep646_syntax.py", "test/test_except_star.py", "test/test_keywordonlyarg.py",
    "test/test_positional_only_arg.py", "test/test_named_expressions.py",
    "lib2to3/tests/data/py2_test_grammar.py", "lib2to3/tests/data/crlf.py",
    "lib2to3/tests/data/bom.py", "test/tokenizedata/badsyntax_3131.py",
    "test/tokenizedata/badsyntax_pep3120.py", "test/tokenizedata/bad_coding.py",
)


def parity_sample(files, n):
    """A fixed sample: SAMPLE_ALWAYS, then two thirds of the rest from the
    standard library proper and one third from site-packages (when the folder
    has one), each taken in order of the SHA-1 of the relative path, so the
    sample is stable across runs and machines."""
    have = set(files)
    out = [f for f in SAMPLE_ALWAYS if f in have]
    rest = sorted((f for f in files if f not in out), key=lambda p: hashlib.sha1(p.encode()).hexdigest())
    site = [f for f in rest if f.startswith("site-packages/")]
    std = [f for f in rest if not f.startswith("site-packages/")]
    left = max(n - len(out), 0)
    take_site = min(len(site), left // 3)
    take_std = min(len(std), left - take_site)
    take_site = min(len(site), left - take_std)
    return sorted(out + std[:take_std] + site[:take_site])


def collect(suite, opts):
    if suite == "parse":
        names = sorted(
            [f"tests/parse/{f}" for f in os.listdir(os.path.join(ROOT, "tests/parse")) if f.endswith(".py")]
            + [f"examples/{f}" for f in os.listdir(os.path.join(ROOT, "examples")) if f.endswith(".py")]
        )
        return [Test(suite, n, n) for n in names]
    if suite == "unit":  # self-checking scripts: C unit drivers compared with CPython
        names = []
        for d in ("tests/unit", "tests/runtime", "tests/lex"):
            if os.path.isdir(os.path.join(ROOT, d)):
                names += [f"{d}/{f}" for f in sorted(os.listdir(os.path.join(ROOT, d)))
                          if f.startswith("test_") and f.endswith(".py")]
        return [Test(suite, n, n) for n in names]
    if suite == "clients":  # the Node and Python clients' own test files
        d = os.path.join(ROOT, "tests/clients")
        return [Test(suite, f, f"tests/clients/{f}") for f in sorted(os.listdir(d))
                if f.endswith(".test.mjs") or (f.startswith("test_") and f.endswith(".py"))]
    if suite == "fuzz":  # inputs a fuzzer once found a problem with: compared with CPython like parity
        d = os.path.join(ROOT, "tests/fuzz/regressions")
        return [Test(suite, f, f"tests/fuzz/regressions/{f}") for f in sorted(os.listdir(d))]
    if suite in ("syntax", "ir", "programs", "numpy"):
        d = os.path.join(ROOT, "tests", suite)
        return [Test(suite, f, f"tests/{suite}/{f}") for f in sorted(os.listdir(d)) if f.endswith(".py")]
    root = stdlib_root(opts.stdlib)
    files = stdlib_files(root)
    if suite == "parity-sample":
        files = parity_sample(files, opts.sample)
    return [Test(suite, f, os.path.join(root, f)) for f in files]


# ------------------------------------------------------- the CPython side

def cpython(path):
    """("ok", dump) or ("error", kind, lineno, msg) for one file, as CPython 3.11
    sees print(ast.dump(ast.parse(open(path, 'rb').read())))."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        tree = ast.parse(data)
    except SyntaxError as e:
        return ("error", type(e).__name__, e.lineno, e.msg)
    except (ValueError, RecursionError, MemoryError) as e:
        return ("error", type(e).__name__, None, str(e))
    return ("ok", ast.dump(tree))


# --------------------------------------------------------- the kiln side

KILN = None
TIMEOUT = 60


def init_worker(kiln, timeout):
    global KILN, TIMEOUT
    KILN, TIMEOUT = kiln, timeout
    warnings.simplefilter("ignore")  # invalid escapes etc. only warn
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles ^C


def run_kiln(path):
    """(exit status or None on timeout, stdout bytes, stderr bytes)."""
    try:
        p = subprocess.run([KILN, "ast", path], stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=TIMEOUT, cwd=ROOT)
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or b"", e.stderr or b""
    return p.returncode, p.stdout, p.stderr


def first_line(b):
    return b.decode("utf-8", "replace").split("\n", 1)[0]


def abnormal(test, rc, err):
    """A Result if kiln timed out, crashed or a sanitizer spoke; else None."""
    if rc is None:
        return Result(test, "fail", "crash", [f"kiln timed out after {TIMEOUT} s"])
    if rc < 0:
        sig = signal.Signals(-rc).name if -rc in signal.Signals._value2member_map_ else str(-rc)
        return Result(test, "fail", "crash", [f"kiln died of {sig}"] + tail(err))
    if any(m in err for m in SANITIZER_MARKS):
        return Result(test, "fail", "crash", ["sanitizer report:"] + tail(err, 30))
    if rc not in (0, 1):
        return Result(test, "fail", "crash", [f"kiln exited {rc}"] + tail(err))
    return None


def tail(b, n=8):
    lines = b.decode("utf-8", "replace").rstrip("\n").split("\n")
    return ["  | " + l[:200] for l in lines[-n:] if l]


ERR_RE = re.compile(r"(\d+):(\d+): error\[(K\d{4})\]: (.*)$")


def parse_error(path, err):
    """(line, col, message, kind) from kiln's first stderr line, or None when it
    is not "PATH:LINE:COL: error[K00NN]: MSG" (MSG may end in " [IndentationError]"):
    a syntax error's code is of the syntax range K0001-K0099 (errors.def)."""
    line = first_line(err)
    if not line.startswith(path + ":"):
        return None
    m = ERR_RE.match(line, len(path) + 1)
    if not m:
        return None
    if not re.fullmatch(r"K00\d\d", m.group(3)) or m.group(3) == "K0000":
        return None
    msg, kind = m.group(4), "SyntaxError"
    for k in KINDS[1:]:
        if msg.endswith(f" [{k}]"):
            msg, kind = msg[: -len(k) - 3], k
    return int(m.group(1)), int(m.group(2)), msg, kind


def dump_lines(s):
    """Lay out a one-line ast.dump() string one field a line, indented by depth,
    so a difference shows as a short unified diff. Quotes in repr()'d strings
    and bytes are skipped over; malformed input still gives some layout."""
    out, cur, depth, i, n = [], [], 0, 0, len(s)

    def newline():
        out.append("".join(cur))
        cur[:] = ["  " * depth]

    while i < n:
        c = s[i]
        if c in "'\"":
            j = i + 1
            while j < n and s[j] != c:
                j += 2 if s[j] == "\\" else 1
            cur.append(s[i : j + 1])
            i = j + 1
            continue
        cur.append(c)
        i += 1
        if c in "([":
            depth += 1
            if i < n and s[i] not in ")]":
                newline()
        elif c in ")]":
            depth = max(depth - 1, 0)
        elif c == "," and i < n and s[i] == " ":
            i += 1
            newline()
    out.append("".join(cur))
    return out


def dump_diff(expected, got, limit=40):
    exp = dump_lines(expected)
    out = dump_lines(got)
    diff = list(difflib.unified_diff(exp, out, "cpython", "kiln", n=3, lineterm=""))
    lines = ["  | " + (d if len(d) <= 200 else d[:200] + "...") for d in diff[:limit]]
    if len(diff) > limit:
        lines.append(f"  | ... {len(diff) - limit} more diff lines")
    return lines


def check_valid(test, ref, rc, out, err):
    """A file CPython parses: kiln must print the same dump."""
    if rc == 1:
        return Result(test, "fail", "rejected", ["kiln rejected a file CPython parses:"] + tail(err, 3))
    want = (ref[1] + "\n").encode("utf-8", "surrogatepass")
    if rc == 0 and out == want:
        return Result(test, "pass")
    got = out.decode("utf-8", "replace")
    return Result(test, "fail", "output", ["kiln's dump differs from CPython's:"]
                  + dump_diff(ref[1], got.rstrip("\n")))


def check_rejected(test, ref, rc, err, want_line):
    """A file CPython rejects: kiln must exit 1 with an error on want_line (None:
    any line). Returns (Result or None, parsed error) so callers can go on."""
    kind, msg = ref[1], ref[3]
    if rc == 0:
        return Result(test, "fail", "accepted",
                      [f"kiln accepted a file CPython rejects ({kind} line {ref[2]}: {msg})"]), None
    e = parse_error(test.path, err)
    if e is None:
        return Result(test, "fail", "format",
                      ["kiln's first stderr line is not 'FILE:LINE:COL: error[K00NN]: MSG':"] + tail(err, 3)), None
    if want_line is not None and e[0] != want_line:
        return Result(test, "fail", "line",
                      [f"line {e[0]}, CPython says {want_line}",
                       f"  kiln:    {e[0]}:{e[1]}: {e[2]} [{e[3]}]",
                       f"  cpython: {ref[2]}: {msg} [{kind}]"]), e
    return None, e


def check_ir(test):
    """The ir suite: `kiln ir --types FILE` must print every `# expect: TEXT`
    line of the file (as a substring of one output line), or fail with the
    `# error: LINE: error[CODE]: MESSAGE` the file states (its code from
    compiler/errors.def)."""
    path = os.path.join(ROOT, test.path)
    expects, error = [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# expect: "):
                expects.append(line[len("# expect: "):].rstrip("\n"))
            elif line.startswith("# error: "):
                error = line[len("# error: "):].rstrip("\n")
    if not expects and not error:
        return Result(test, "fail", "header", ["no '# expect:' or '# error:' line: the test checks nothing"])
    try:
        p = subprocess.run([KILN, "ir", "--types", test.path], stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=TIMEOUT, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return Result(test, "fail", "timeout", ["kiln ir timed out"])
    bad = abnormal(test, p.returncode, p.stderr)
    if bad:
        return bad
    out = p.stdout.decode("utf-8", "replace").splitlines()
    err = first_line(p.stderr)
    if error:
        want_line, want_msg = error.split(": ", 1)
        got = err.split(":", 3)
        if p.returncode != 1 or len(got) < 4 or got[1] != want_line or want_msg not in got[3]:
            return Result(test, "fail", "error", [f"expected error {error!r}", f"  kiln: {err!r} (exit {p.returncode})"])
    elif p.returncode != 0:
        return Result(test, "fail", "exit", [f"kiln ir failed: {err}"])
    for e in expects:
        if not any(e in line for line in out):
            return Result(test, "fail", "missing", [f"not in the IR: {e!r}"])
    return Result(test, "pass")


def last_line(b):
    lines = b.decode("utf-8", "replace").rstrip("\n").split("\n")
    return lines[-1] if lines else ""


def program_stdin(path):
    """What a program reads on stdin: its `# stdin: TEXT` lines, each TEXT
    and a newline (nothing: stdin is /dev/null)."""
    with open(path, encoding="utf-8") as f:
        lines = [line[len("# stdin:"):].rstrip("\n") for line in f if line.startswith("# stdin:")]
    if not lines:
        return None
    return "".join((line[1:] if line.startswith(" ") else line) + "\n" for line in lines).encode("utf-8")


def differential(test, ref_argv, suite, stdin, env=None, same_stdout=None, ref_name="cpython"):
    """Run the program as ref_argv does (the reference) and as a kiln-built
    executable (under build/tests/SUITE), both with stdin (subprocess.run's
    stdin or input) and in the program's folder; stdout (compared by
    same_stdout(ref, got) when given, else exactly), the last line of stderr
    and the exit status must be the same. Returns a Result."""
    path = os.path.join(ROOT, test.path)
    exe = os.path.join(ROOT, "build", "tests", suite, os.path.basename(path)[:-3])
    os.makedirs(os.path.dirname(exe), exist_ok=True)
    try:
        ref = subprocess.run(ref_argv, **stdin, capture_output=True, timeout=TIMEOUT,
                             cwd=os.path.dirname(path), env=env)
        if ref_name == "numpy" and b"No module named 'numpy'" in ref.stderr:
            return Result(test, "fail", "setup", [f"{ref_argv[0]} has no numpy: run scripts/setup.sh"])
        b = subprocess.run([KILN, "build", test.path, "-o", exe], stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=TIMEOUT, cwd=ROOT)
        bad = abnormal(test, b.returncode, b.stderr)
        if bad:
            return bad
        if b.returncode != 0:
            return Result(test, "fail", "build", ["kiln build failed:"] + tail(b.stderr))
        got = subprocess.run([exe], **stdin, capture_output=True, timeout=TIMEOUT,
                             cwd=os.path.dirname(path))
    except subprocess.TimeoutExpired:
        return Result(test, "fail", "timeout", ["timed out"])
    if got.returncode < 0 or (got.returncode == 86 and ref.returncode != 86):
        return abnormal(test, got.returncode, got.stderr)  # a signal or a sanitizer report
    problems = []
    r_out, g_out = ref.stdout.decode("utf-8", "replace"), got.stdout.decode("utf-8", "replace")
    if ref.stdout != got.stdout and not (same_stdout and same_stdout(r_out, g_out)):
        problems.append("stdout differs:")
        diff = difflib.unified_diff(r_out.splitlines(), g_out.splitlines(), ref_name, "kiln", n=2, lineterm="")
        problems += ["  | " + d[:200] for d in list(diff)[:30]]
    if last_line(got.stderr) != last_line(ref.stderr):
        problems += ["last line of stderr differs:", f"  kiln:    {last_line(got.stderr)!r}",
                     f"  {ref_name + ':':8} {last_line(ref.stderr)!r}"]
    if got.returncode != ref.returncode:
        problems.append(f"exit status: kiln {got.returncode}, {ref_name} {ref.returncode}")
    if problems:
        return Result(test, "fail", "differs", problems)
    return Result(test, "pass")


def check_program(test):
    """The programs suite (differential): the program runs under CPython and
    as a kiln-built executable, with its `# stdin:` lines as stdin; stdout,
    the last line of stderr and the exit status must be the same."""
    path = os.path.join(ROOT, test.path)
    feed = program_stdin(path)
    stdin = {"stdin": subprocess.DEVNULL} if feed is None else {"input": feed}
    return differential(test, [sys.executable, path], "programs", stdin)


NUMBER_RE = re.compile(r"(nan|-?inf|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)")


def tolerance_of(path):
    """A numpy test's stated tolerance ("# tolerance: 1e-6"): numbers in the
    output may differ by that much, relative (absolute below 1); None: exact."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# tolerance:"):
                return float(line.split(":", 1)[1])
            if not line.startswith("#"):
                break
    return None


def close_enough(ref, got, tol):
    """ref and got alike but for numbers within tol (and the spaces numpy pads
    them with, which follow their digits)."""
    a, b = NUMBER_RE.split(ref), NUMBER_RE.split(got)
    if len(a) != len(b):
        return False
    for i, (x, y) in enumerate(zip(a, b)):
        if i % 2 == 0:
            if x.split() != y.split() and x.replace(" ", "") != y.replace(" ", ""):
                return False
            continue
        if x == y:
            continue
        try:
            fx, fy = float(x), float(y)
        except ValueError:
            return False
        if fx != fx or fy != fy:
            if not (fx != fx and fy != fy):
                return False
            continue
        if abs(fx - fy) > tol * max(1.0, abs(fx)):
            return False
    return True


def check_numpy(test):
    """The numpy suite (differential, against numpy 1.24): the program runs
    under NUMPY_PYTHON and as a kiln-built executable; stdout must be the same
    (numbers within the tolerance the file states, else exactly), and so must
    the last line of stderr and the exit status."""
    path = os.path.join(ROOT, test.path)
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))  # kiln.nn and friends under CPython
    tol = tolerance_of(path)
    same = (lambda r, g: close_enough(r, g, tol)) if tol is not None else None
    return differential(test, [NUMPY_PYTHON, path], "numpy", {"stdin": subprocess.DEVNULL}, env, same, "numpy")


def check_unit(test):
    """The unit suite: a script that builds its own C driver, compares it with
    CPython, prints its counts and exits non-zero on any mismatch."""
    args = []
    with open(os.path.join(ROOT, test.path), encoding="utf-8") as f:
        for line in f:  # a script may ask for lighter settings: "# make-test-args: --quick"
            if line.startswith("# make-test-args:"):
                args = line.split(":", 1)[1].split()
    try:
        p = subprocess.run([sys.executable, test.path] + args, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=max(TIMEOUT, 600), cwd=ROOT)
    except subprocess.TimeoutExpired:
        return Result(test, "fail", "timeout", ["timed out"])
    if p.returncode != 0:
        return Result(test, "fail", "exit", [f"exit status {p.returncode}"] + tail(p.stdout + p.stderr, 15))
    return Result(test, "pass")


def check_clients(test):
    """The clients suite: node --test for a .test.mjs, the python for a
    unittest file. The libraries they compile are plain (no sanitizer
    flags: node and python are not sanitized hosts)."""
    env = {k: v for k, v in os.environ.items() if k != "KILN_CFLAGS"}
    env["KILN_PYTHON"] = sys.executable  # the CPython reference of the Node tests
    argv = (["node", "--test", "--test-reporter=tap", test.path] if test.path.endswith(".mjs")
            else [sys.executable, test.path])
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=max(TIMEOUT, 300),
                           cwd=ROOT, env=env)
    except FileNotFoundError as e:
        return Result(test, "fail", "exit", [f"cannot run {argv[0]}: {e} (scripts/setup.sh installs it)"])
    except subprocess.TimeoutExpired:
        return Result(test, "fail", "timeout", ["timed out"])
    if p.returncode != 0:
        return Result(test, "fail", "exit", [f"exit status {p.returncode}"] + tail(p.stdout + p.stderr, 40))
    return Result(test, "pass")


def check(test):
    """Run one test (in a worker process)."""
    if test.suite == "unit":
        return check_unit(test)
    if test.suite == "clients":
        return check_clients(test)
    if test.suite == "ir":
        return check_ir(test)
    if test.suite == "programs":
        return check_program(test)
    if test.suite == "numpy":
        return check_numpy(test)
    ref = cpython(os.path.join(ROOT, test.path))
    header = None
    if test.suite == "syntax":
        header = read_header(os.path.join(ROOT, test.path))
        bad = check_header(test, header, ref)
        if bad:
            return bad
    rc, out, err = run_kiln(test.path)
    bad = abnormal(test, rc, err)
    if bad:
        return bad
    if ref[0] == "ok":
        return check_valid(test, ref, rc, out, err)
    want_line = ref[2] if ref[2] else None  # CPython gives 0 or None when it has no line
    res, e = check_rejected(test, ref, rc, err, want_line)
    if res:
        return res
    if header and (e[2], e[3]) != (header[1], header[2]):
        return Result(test, "fail", "message",
                      [f"message differs (line {e[0]} is right)",
                       f"  kiln:    {e[2]} [{e[3]}]",
                       f"  cpython: {header[1]} [{header[2]}]"])
    return Result(test, "pass")


def read_header(path):
    """(line, message, kind) from a syntax test's first line, or None."""
    with open(path, "rb") as f:
        first = f.readline()
    if first.startswith(b"\xef\xbb\xbf"):
        first = first[3:]
    m = HEADER_RE.match(first.decode("utf-8", "replace").rstrip("\r\n"))
    if not m:
        return None
    return int(m.group(1)), m.group(2), m.group(3) or "SyntaxError"


def check_header(test, header, ref):
    """A syntax test is broken unless CPython raises exactly what it states."""
    if ref[0] == "ok":
        return Result(test, "broken", "header",
                      ["test file is wrong: CPython's ast.parse accepts it"])
    want = f"# error: {ref[2]}: {ref[3]}" + ("" if ref[1] == "SyntaxError" else f" [{ref[1]}]")
    if header is None:
        return Result(test, "broken", "header",
                      ["test file is wrong: its first line must be '# error: LINE: MESSAGE';"
                       " CPython's, to paste:", "  " + want])
    if ref[1:] != (header[2], header[0], header[1]):
        return Result(test, "broken", "header",
                      ["test file is wrong: its first line disagrees with CPython's error;"
                       " CPython's, to paste:", "  " + want])
    return None


def check_safely(test):
    try:
        return check(test)
    except Exception as e:  # a bug in the runner or an unreadable file
        return Result(test, "broken", "runner", [f"runner error: {type(e).__name__}: {e}"])


# ------------------------------------------------------- known failures

def read_known(relpath):
    """{name: mode} where mode is "all" or "message"."""
    known = {}
    path = os.path.join(ROOT, relpath)
    if not os.path.exists(path):
        return known
    with open(path, encoding="utf-8") as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if words:
                known[words[0]] = words[1] if len(words) > 1 else "all"
    return known


def prune_known(relpath, names):
    """Drop the entries for names from a known-failures list; keep the rest as is."""
    path = os.path.join(ROOT, relpath)
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    keep = [l for l in lines if not (l.split("#", 1)[0].split() or [""])[0] in names]
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(keep)
    return len(lines) - len(keep)


def forgiven(res, known):
    mode = known.get(res.test.name)
    if mode is None or res.status != "fail":
        return False
    return (mode == "all" or (mode == "message" and res.what == "message")
            or (mode == "line" and res.what in ("line", "message")))


# ----------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(
        description="kiln's test suites; the last line printed is 'N passed, N failed'.",
        epilog="Suites: " + ", ".join(SUITES) + ". See the top of this file for what each checks.")
    ap.add_argument("suites", nargs="*", metavar="SUITE",
                    help="suites to run (default: %s)" % " ".join(DEFAULT_SUITES))
    ap.add_argument("--kiln", default=os.environ.get("KILN", "bin/kiln"),
                    help="the kiln binary (default: $KILN or bin/kiln)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2,
                    help="parallel workers (default: CPU count)")
    ap.add_argument("-k", dest="pattern", default=None, help="only tests whose name contains this")
    ap.add_argument("--sample", type=int, default=300, help="files in parity-sample (default 300)")
    ap.add_argument("--stdlib", default=None, help="corpus folder for parity (default: this python's stdlib)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per kiln run (default 60)")
    ap.add_argument("--details", type=int, default=20,
                    help="failures shown with details per suite; the rest one line each (default 20)")
    ap.add_argument("--prune-known", action="store_true",
                    help="remove entries that now pass from the known-failures lists")
    ap.add_argument("--failures-out", metavar="FILE",
                    help="write the names of failing tests (not forgiven ones) to FILE")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every test's result")
    opts = ap.parse_args()

    if sys.version_info[:2] != (3, 11):
        sys.exit(f"tests/run.py: needs CPython 3.11 as the reference, not {sys.version.split()[0]}"
                 f" ({sys.executable})")
    suites = opts.suites or list(DEFAULT_SUITES)
    for s in suites:
        if s not in SUITES:
            ap.error(f"unknown suite {s!r}; suites: {', '.join(SUITES)}")
    os.chdir(ROOT)
    kiln = opts.kiln if os.path.isabs(opts.kiln) else os.path.join(ROOT, opts.kiln)
    if not (os.path.isfile(kiln) and os.access(kiln, os.X_OK)):
        print(f"tests/run.py: no kiln binary at {opts.kiln} (run make)", file=sys.stderr)
        sys.exit(2)
    for k, v in SANITIZER_ENV.items():
        os.environ.setdefault(k, v)

    tests = []
    for s in suites:
        got = collect(s, opts)
        if opts.pattern:
            got = [t for t in got if opts.pattern in t.name]
        tests += got
    print(f"kiln: {opts.kiln}; reference: CPython {sys.version.split()[0]} ({sys.executable});"
          f" {len(tests)} tests, {opts.jobs} jobs", flush=True)

    t0 = time.monotonic()
    results = []
    progress = sys.stderr.isatty() and len(tests) > 200
    with multiprocessing.Pool(opts.jobs, init_worker, (kiln, opts.timeout)) as pool:
        try:
            for r in pool.imap_unordered(check_safely, tests, chunksize=4):
                results.append(r)
                if opts.verbose:
                    print(f"{r.status.upper():6} {r.test.suite} {r.test.name}", flush=True)
                elif progress and len(results) % 50 == 0:
                    print(f"\r{len(results)}/{len(tests)}", end="", file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            pool.terminate()
            print("\ninterrupted", file=sys.stderr)
            sys.exit(130)
    if progress:
        print("\r" + " " * 20 + "\r", end="", file=sys.stderr)

    order = {s: i for i, s in enumerate(suites)}
    results.sort(key=lambda r: (order[r.test.suite], r.test.name))
    passed = failed = 0
    summary, notes, failing, fixed = [], [], [], {}
    for s in suites:
        rs = [r for r in results if r.test.suite == s]
        known = read_known(KNOWN_LISTS[s])
        bad = [r for r in rs if r.status != "pass" and not forgiven(r, known)]
        xfail = [r for r in rs if forgiven(r, known)]
        now_pass = [r.test.name for r in rs if r.status == "pass" and r.test.name in known]
        for i, r in enumerate(bad):
            tag = "BROKEN TEST" if r.status == "broken" else "FAIL"
            print(f"{tag} {s} {r.test.name}" + (f": {r.detail[0]}" if r.detail else ""))
            if i < opts.details:
                for d in r.detail[1:]:
                    print(d)
        failing += [r.test.name for r in bad]
        p = len(rs) - len(bad) - len(xfail)
        passed += p
        failed += len(bad)
        summary.append(f"  {s:14} {p:6} passed {len(bad):5} failed {len(xfail):5} known failures")
        if now_pass:
            fixed.setdefault(KNOWN_LISTS[s], set()).update(now_pass)
    for lst, names in fixed.items():
        if opts.prune_known:
            n = prune_known(lst, names)
            notes.append(f"pruned {n} entries that now pass from {lst}")
        else:
            notes.append(f"{len(names)} known failures now pass; remove them from {lst}"
                         f" (tests/run.py --prune-known): " + " ".join(sorted(names)[:10])
                         + (" ..." if len(names) > 10 else ""))
    if opts.failures_out:
        with open(opts.failures_out, "w", encoding="utf-8") as f:
            f.writelines(n + "\n" for n in failing)
    print()
    print("\n".join(summary))
    for n in notes:
        print("note: " + n)
    print(f"  ({time.monotonic() - t0:.1f} s)")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
