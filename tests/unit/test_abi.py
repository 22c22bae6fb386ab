#!/usr/bin/env python3
"""tests/unit/test_abi.py — compiled libraries: `kiln compile`, `kiln call` and
the C ABI of include/kiln.h.

1. Differential: each case calls one function of tests/abi/textlib.py through
   `kiln call LIB FUNC JSON` and the same function under CPython (import the
   module, call it with json.loads(JSON), print json.dumps(result)); stdout,
   the last line of stderr and the exit status must match.
2. The ABI's own checks, which CPython does not make: arguments are checked
   against the annotations (a TypeError naming the item), argument counts,
   unknown functions, malformed JSON.
3. tests/abi/host.c, a C program linked with the library: typed values,
   errors, and 4 threads calling at once.
4. The library depends on libc alone and exports only kiln_* symbols.
5. Arrays: tests/abi/arraylib.py through `kiln call` against numpy under
   /usr/bin/python3 (ndarray parameters get np.asarray of the JSON, array
   results print as a.tolist()), and tests/abi/arrays.c (caller memory
   without copies, release, list[list[float]] as a block, 8 threads), plain
   and under ASan and TSan."""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILN = os.path.join(ROOT, "bin", "kiln")
ABI = os.path.join(ROOT, "tests", "abi")
PY = sys.executable
NUMPY_PY = os.environ.get("KILN_NUMPY_PYTHON", "/usr/bin/python3")

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}\n{detail}")


# (function, JSON arguments): run under both
CASES = [
    ("add", "[2, 3]"),
    ("scale", "[[1, 2.5, -0.0]]"),
    ("scale", "[[1.5, 2], 0.1]"),
    ("scale", "[[]]"),
    ("count_vowels", '["the quick brown fox"]'),
    ("count_vowels", '["\\u00e9aeiou\\ud83d\\ude00"]'),
    ("calls", "[]"),
    ("word_lengths", '[["a", "bb", "a", "\\u4e2d\\u6587"]]'),
    ("stats", "[[5, 1, 9, 2]]"),
    ("stats", "[[]]"),
    ("greet", '["kiln"]'),
    ("greet", '["kiln", true, 3]'),
    ("first_long", '[["a", "abc", "abcdef"], 4]'),
    ("first_long", '[["a"], 4]'),
    ("divide", "[1, 3]"),
    ("divide", "[1, 0]"),
    ("nothing", "[7]"),
    ("matrix", "[3]"),
    ("matrix", "[0]"),
    ("lookup", '[{"a": 1.5, "b": 2.25}, "b"]'),
    ("lookup", '[{"a": 1.5}, "zz"]'),
    ("shout", '["gr\\u00fc\\u00dfe"]'),
    ("pieces", '["hello world", 4]'),
    ("pieces", '["", 3]'),
    ("pieces", '["abc", 0]'),
]

# (function, JSON arguments, expected last stderr line): the ABI's checks, and
# where kiln differs from CPython by design (64-bit ints)
ERRORS = [
    ("add", "[9223372036854775807, 1]", "OverflowError: integer overflow: kiln ints are 64-bit"),
    ("add", '["1", 2]', "TypeError: add(): argument 'a' must be int, not str"),
    ("add", "[1.5, 2]", "TypeError: add(): argument 'a' must be int, not float"),
    ("scale", '[[1, "x"]]', "TypeError: scale(): xs[1] must be float, not str"),
    ("lookup", '[{"a": "x"}, "a"]', "TypeError: lookup(): d['a'] must be float, not str"),
    ("add", "[1]", "TypeError: add() missing 1 required positional argument: 'b'"),
    ("greet", "[]", "TypeError: greet() missing 1 required positional argument: 'name'"),
    ("add", "[1, 2, 3]", "TypeError: add() takes 2 positional arguments but 3 were given"),
    ("nope", "[]", "AttributeError: module 'textlib' has no exported function 'nope'"),
    ("add", "[1, 2", "json.decoder.JSONDecodeError: Expecting ',' delimiter: line 1 column 6 (char 5)"),
    ("add", '{"a": 1}', "TypeError: add(): the arguments must be a JSON array, not an object"),
    ("_private", "[1]", "AttributeError: module 'textlib' has no exported function '_private'"),
]

PY_CALL = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import textlib
import types
r = getattr(textlib, sys.argv[2])(*json.loads(sys.argv[3]))
if isinstance(r, types.GeneratorType):  # a generator function: kiln call lists its items
    r = list(r)
print(json.dumps(r))
"""


# arraylib.py: (function, JSON arguments), under numpy
ARRAY_CASES = [
    ("normalize", "[[[3, 4], [1, 0], [0.5, -0.25]]]"),
    ("normalize", "[[1.0, 2.0, 2.0]]"),
    ("tail", "[[[1, 2], [3, 4], [5, 6]]]"),
    ("total", "[[[1, 2.5], [3, 4]]]"),
    ("total", "[[true, false, true]]"),
    ("embed", '[["kiln", "ab\u00e9"], 4]'),
    ("embed_array", '[["kiln", "ab\u00e9"], 4]'),
    ("mean_rows", "[[[1, 2], [3, 4.5]]]"),
    ("cast_sum", "[[1, 2, 3]]"),
]

PY_ARRAY_CALL = r"""
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import arraylib, inspect
f = getattr(arraylib, sys.argv[2])
params = list(inspect.signature(f).parameters.values())
args = [np.asarray(a) if p.annotation is np.ndarray else a for a, p in zip(json.loads(sys.argv[3]), params)]
r = f(*args)
print(json.dumps(r.tolist() if isinstance(r, np.ndarray) else r))
"""


def last_line(s):
    lines = s.strip().splitlines()
    return lines[-1] if lines else ""


def main():
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, "textlib.so")
        # the plain library: without the sanitizer flags `make test-asan` sets (the host
        # below is a plain program; a sanitized library needs a sanitized host)
        plain = {k: v for k, v in os.environ.items() if k != "KILN_CFLAGS"}
        p = subprocess.run([KILN, "compile", os.path.join(ABI, "textlib.py"), "-o", lib],
                           capture_output=True, text=True, env=plain)
        check("kiln compile", p.returncode == 0, p.stderr)
        check("kiln compile notes the unannotated function",
              "'unannotated' is not exported: a parameter has no annotation" in p.stderr, p.stderr)
        if p.returncode != 0:
            return
        for func, args in CASES:
            k = subprocess.run([KILN, "call", lib, func, args], capture_output=True, text=True)
            c = subprocess.run([PY, "-c", PY_CALL, ABI, func, args], capture_output=True, text=True)
            same = (k.stdout == c.stdout and last_line(k.stderr) == last_line(c.stderr)
                    and k.returncode == c.returncode)
            check(f"call {func} {args}", same,
                  f"  kiln:    {k.returncode} {k.stdout!r} {last_line(k.stderr)!r}\n"
                  f"  python3: {c.returncode} {c.stdout!r} {last_line(c.stderr)!r}")
        for func, args, want in ERRORS:
            k = subprocess.run([KILN, "call", lib, func, args], capture_output=True, text=True)
            check(f"error {func} {args}", k.returncode == 1 and last_line(k.stderr) == want,
                  f"  got {k.returncode} {last_line(k.stderr)!r}\n  want {want!r}")
        m = subprocess.run([KILN, "call", lib, "--manifest"], capture_output=True, text=True)
        try:
            man = json.loads(m.stdout)
            names = [f["name"] for f in man["functions"]]
            scale = next(f for f in man["functions"] if f["name"] == "scale")
            ok = (man["module"] == "textlib" and "unannotated" not in names and "_private" not in names
                  and scale["params"][1] == {"name": "k", "type": "float", "default": 2.0}
                  and scale["returns"] == "list[float]" and not scale["streams"]
                  and next(f for f in man["functions"] if f["name"] == "pieces")["streams"]
                  and next(f for f in man["functions"] if f["name"] == "pieces")["returns"] == "str")
        except (ValueError, KeyError, StopIteration) as e:
            ok, man = False, e
        check("manifest", ok, f"{man}")

        ldd = subprocess.run(["ldd", lib], capture_output=True, text=True).stdout
        deps = sorted(l.split()[0] for l in ldd.splitlines() if "=>" in l)
        check("the library needs libc (and libm) only",
              all(d.startswith(("libc.so", "libm.so")) for d in deps), ldd)
        nm = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True).stdout
        syms = [l.split()[-1] for l in nm.splitlines() if l.split()[-2:-1] == ["T"]]
        check("only kiln_* symbols are exported", syms and all(s.startswith("kiln_") for s in syms),
              " ".join(s for s in syms if not s.startswith("kiln_")))

        host = os.path.join(tmp, "host")
        cc = subprocess.run(["cc", "-std=c11", "-O1", "-I", os.path.join(ROOT, "include"),
                             os.path.join(ABI, "host.c"), lib, "-o", host, "-lpthread",
                             f"-Wl,-rpath,{tmp}"], capture_output=True, text=True)
        check("host.c compiles against include/kiln.h", cc.returncode == 0, cc.stderr)
        if cc.returncode == 0:
            h = subprocess.run([host], capture_output=True, text=True, timeout=120)
            fails = [l for l in h.stdout.splitlines() if l.startswith("FAIL")]
            check("host.c: typed values, errors, threads", h.returncode == 0 and not fails,
                  h.stdout + h.stderr)

        alib = os.path.join(tmp, "arraylib.so")
        p = subprocess.run([KILN, "compile", os.path.join(ABI, "arraylib.py"), "-o", alib],
                           capture_output=True, text=True, env=plain)
        check("kiln compile arraylib", p.returncode == 0, p.stderr)
        for func, args in ARRAY_CASES if p.returncode == 0 else []:
            k = subprocess.run([KILN, "call", alib, func, args], capture_output=True, text=True)
            c = subprocess.run([NUMPY_PY, "-c", PY_ARRAY_CALL, ABI, func, args], capture_output=True, text=True)
            same = k.returncode == c.returncode == 0 and json.loads(k.stdout) == json.loads(c.stdout)
            check(f"array call {func} {args}", same,
                  f"  kiln:  {k.returncode} {k.stdout!r} {last_line(k.stderr)!r}\n"
                  f"  numpy: {c.returncode} {c.stdout!r} {last_line(c.stderr)!r}")

        # the C hosts, plain and under sanitizers: ASan+UBSan+LeakSanitizer, and
        # ThreadSanitizer for the threads
        for name, flags in (("plain", ""), ("asan", "-fsanitize=address,undefined -fno-omit-frame-pointer"),
                            ("tsan", "-fsanitize=thread")):
            slib = os.path.join(tmp, f"arraylib_{name}.so")
            env = dict(plain, KILN_CFLAGS=flags) if flags else plain
            p = subprocess.run([KILN, "compile", os.path.join(ABI, "arraylib.py"), "-o", slib],
                               capture_output=True, text=True, env=env)
            shost = os.path.join(tmp, f"arrays_{name}")
            cc = subprocess.run(["cc", "-std=c11", "-g", *flags.split(), "-I", os.path.join(ROOT, "include"),
                                 os.path.join(ABI, "arrays.c"), slib, "-o", shost, "-lpthread", "-lm",
                                 f"-Wl,-rpath,{tmp}"], capture_output=True, text=True)
            check(f"arrays.c builds ({name})", p.returncode == 0 and cc.returncode == 0, p.stderr + cc.stderr)
            if p.returncode == 0 and cc.returncode == 0:
                h = subprocess.run([shost], capture_output=True, text=True, timeout=300,
                                   env=dict(os.environ, ASAN_OPTIONS="detect_leaks=1",
                                            TSAN_OPTIONS="halt_on_error=1"))
                fails = [l for l in h.stdout.splitlines() if l.startswith("FAIL")]
                bad = h.returncode != 0 or fails or "WARNING:" in h.stderr or "ERROR:" in h.stderr
                check(f"arrays.c ({name}): arrays across the ABI", not bad, h.stdout[-2000:] + h.stderr[-3000:])

        # the same host and library under sanitizers: ASan+UBSan+LeakSanitizer, and
        # ThreadSanitizer for the 4 threads
        for name, flags in (("asan", "-fsanitize=address,undefined -fno-omit-frame-pointer"),
                            ("tsan", "-fsanitize=thread")):
            slib = os.path.join(tmp, f"textlib_{name}.so")
            env = dict(os.environ, KILN_CFLAGS=flags)
            p = subprocess.run([KILN, "compile", os.path.join(ABI, "textlib.py"), "-o", slib],
                               capture_output=True, text=True, env=env)
            shost = os.path.join(tmp, f"host_{name}")
            cc = subprocess.run(["cc", "-std=c11", "-g", *flags.split(), "-I", os.path.join(ROOT, "include"),
                                 os.path.join(ABI, "host.c"), slib, "-o", shost, "-lpthread",
                                 f"-Wl,-rpath,{tmp}"], capture_output=True, text=True)
            check(f"host.c builds with {name}", p.returncode == 0 and cc.returncode == 0, p.stderr + cc.stderr)
            if p.returncode == 0 and cc.returncode == 0:
                h = subprocess.run([shost], capture_output=True, text=True, timeout=300,
                                   env=dict(os.environ, ASAN_OPTIONS="detect_leaks=1",
                                            TSAN_OPTIONS="halt_on_error=1"))
                bad = h.returncode != 0 or "WARNING:" in h.stderr or "ERROR:" in h.stderr
                check(f"host.c under {name}: clean", not bad, h.stdout[-2000:] + h.stderr[-3000:])


main()
print(f"abi: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
