#!/usr/bin/env python3
"""Unit tests for compiler/ast.c and compiler/repr.c, with CPython as the oracle.

Builds tests/unit/ast_driver.c with the two files (and util.c), feeds it
generated values — doubles across every exponent, subnormals and specials;
strings of random code points, lone surrogates (as WTF-8) and every code
point once; random bytes; number literals of every form, huge ones too — and
hand-built trees, and compares each answer with what this interpreter (it
must be CPython 3.11) says: repr(), eval() of the literal, ast.dump().

    python3 tests/unit/test_ast.py              build with cc -O2 and run
    python3 tests/unit/test_ast.py --san        build with ASan + UBSan
    python3 tests/unit/test_ast.py --bin PATH   run a driver built elsewhere

Prints one summary line per area and a total; exits 1 on any mismatch.
"""
import argparse
import ast
import math
import os
import random
import struct
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INT64_MAX = 2**63 - 1

# ---- floats


def f2bits(x):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def bits2f(u):
    return struct.unpack("<d", struct.pack("<Q", u))[0]


def float_values(rng, n):
    vals = [0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 10.0, 100.0, 1e15, 1e16, 1e17, 1e22, 1e23,
            9999999999999998.0, 1e-4, 1e-5, 0.0001, 0.00012345, 1.2345e-5,
            123456789012345678.0, 5e-324, 2.2250738585072014e-308, 2.225073858507201e-308,
            1.7976931348623157e308, math.inf, -math.inf, math.nan, -math.nan, math.pi, math.e,
            0.3, 2 / 3, 1 / 3, 9007199254740993.0, 4.35, 0.1 + 0.2, 1e300, 1e-300]
    for k in range(-1074, 1024):  # every power of two: the lopsided rounding intervals
        vals.append(2.0**k)
        vals.append(math.nextafter(2.0**k, 0))
    for k in range(-325, 309):  # powers of ten and their neighbours
        x = float("1e%d" % k)
        vals += [x, math.nextafter(x, 0), math.nextafter(x, math.inf)]
    for b in (1e16, 1e-4, 1e-5):  # where repr switches notation
        x = b
        for _ in range(5):
            vals += [x, -x]
            x = math.nextafter(x, 0)
    for _ in range(n):
        r = rng.random()
        if r < 0.4:  # uniform bits: every exponent, nans, infs, subnormals
            vals.append(bits2f(rng.getrandbits(64)))
        elif r < 0.5:  # subnormals
            vals.append(bits2f(rng.getrandbits(52)))
        elif r < 0.75:  # short decimals, the kind programs contain
            p = rng.randint(1, 17)
            vals.append(float("%.*e" % (p - 1, rng.uniform(-1, 1) * 10.0 ** rng.randint(-30, 30))))
        elif r < 0.9:  # large integers, exercising ties at the last digit
            vals.append(float(rng.getrandbits(rng.randint(54, 80)) // 10**rng.randint(0, 5)
                              * 10**rng.randint(0, 5)))
        else:  # near the notation thresholds
            vals.append(rng.choice((1e16, 1e-4, 1e-5, 1e15)) * rng.uniform(0.9, 1.1))
    return vals


# ---- strings


def random_codepoint(rng):
    r = rng.random()
    if r < 0.35:
        return rng.randrange(0x80)
    if r < 0.45:
        return rng.choice(b"'\"\\\t\n\r\x00\x7f ")
    if r < 0.55:
        return rng.randrange(0x80, 0x100)
    if r < 0.75:
        return rng.randrange(0x100, 0x10000)  # includes surrogates and private use
    if r < 0.82:
        return rng.randrange(0xD800, 0xE000)  # lone surrogates
    if r < 0.9:
        return rng.choice((0xA0, 0xAD, 0x2028, 0x2029, 0x200B, 0x3000, 0xFEFF, 0xE000, 0xFFFF,
                           0x0CF3, 0x1FADA, 0x31350, 0x2EBF0, 0xF0000, 0x10FFFF, 0xE0001))
    return rng.randrange(0x10000, 0x110000)


def wtf8(s):
    return s.encode("utf-8", "surrogatepass")


def string_values(rng, n):
    vals = ["", "'", '"', "'\"", "\\", "a'b", 'a"b', "it's \"q\"", "\x00\x1f\x7f\x80\x9f\xa0\xff",
            "\ud800", "\udfff", "\ud83d\ude00", "\U0001f600", "caf\u00e9", "\u2028\u2029"]
    for _ in range(n):
        vals.append("".join(chr(random_codepoint(rng)) for _ in range(rng.randint(0, 12))))
    # every code point once, 256 to a string
    for base in range(0, 0x110000, 256):
        vals.append("".join(chr(c) for c in range(base, base + 256)))
    return vals


def bytes_values(rng, n):
    vals = [b"", b"'", b'"', b"'\"", b"\\", bytes(range(256))]
    vals += [bytes([c]) for c in range(256)]
    for _ in range(n):
        k = rng.randint(0, 16)
        if rng.random() < 0.5:
            vals.append(bytes(rng.randrange(256) for _ in range(k)))
        else:
            vals.append(bytes(rng.choice(b"ab'\"\\\n\x00\x7f\x80") for _ in range(k)))
    return vals


# ---- number literals


def underscored(rng, digits, allow_first=False):
    """Put single underscores between some digits (and, if allowed, first)."""
    out = []
    for i, ch in enumerate(digits):
        if (i > 0 or allow_first) and rng.random() < 0.15:
            out.append("_")
        out.append(ch)
    return "".join(out)


def int_literal(rng):
    r = rng.random()
    if r < 0.4:
        bits = rng.choice((8, 32, 62, 63, 64, 65, 100, 200, rng.randint(1, 400)))
        v = rng.getrandbits(bits)
        if rng.random() < 0.2:
            v = rng.choice((INT64_MAX, INT64_MAX + 1, 2**64 - 1, 2**64, 0, 1))
        if v == 0:
            return rng.choice(("0", "00", "0_0", "000"))
        return underscored(rng, str(v))
    base, prefix = rng.choice(((16, "x"), (8, "o"), (2, "b")))
    bits = rng.choice((4, 63, 64, 65, 128, rng.randint(1, 2000)))
    v = rng.getrandbits(bits)
    if rng.random() < 0.1:
        v = rng.choice((INT64_MAX, INT64_MAX + 1, 0))
    digits = {16: "%x", 8: "%o", 2: "{:b}"}[base]
    digits = digits % v if base != 2 else digits.format(v)
    if rng.random() < 0.3:
        digits = "0" * rng.randint(1, 3) + digits
    if base == 16 and rng.random() < 0.5:
        digits = digits.upper()
    if rng.random() < 0.5:
        prefix = prefix.upper()
    return "0" + prefix + underscored(rng, digits, allow_first=True)


def float_literal(rng):
    ip = "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 20)))
    fp = "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 20)))
    if ip and ip[0] == "0" and rng.random() < 0.5:
        ip = ip.lstrip("0") or "0"
    if not ip and not fp:
        ip = "1"
    exp = ""
    if rng.random() < 0.5:
        exp = rng.choice("eE") + rng.choice(("", "+", "-")) + underscored(
            rng, str(rng.choice((rng.randint(0, 30), rng.randint(0, 400)))))
    if not exp or rng.random() < 0.7:
        text = (underscored(rng, ip) if ip else "") + "." + (underscored(rng, fp) if fp else "")
    else:
        text = underscored(rng, ip or "7")
    return text + exp


def number_literals(rng, n):
    vals = ["0", "00", "0_0", "000", "1", "9223372036854775807", "9223372036854775808",
            "18446744073709551616", "0x7fffffffffffffff", "0x8000000000000000", "0X_FF", "0o777",
            "0b1_0", "0B0", "0x0", "1.0", "1.", ".5", "1e10", "1E-5", "1_000.5e1_0", "1e500",
            "1e-400", "0.0", "0e0", "1j", "1.5J", "1e3j", "0j", "0777j", "1_0j", "07.5", "1e500j",
            "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
            "1" * 1000, "0x" + "f" * 1000, "0b" + "1" * 3000, "0o" + "7" * 1000]
    for _ in range(n):
        r = rng.random()
        if r < 0.5:
            vals.append(int_literal(rng))
        elif r < 0.85:
            vals.append(float_literal(rng))
        else:
            vals.append(rng.choice((int_literal, float_literal))(rng).split("0x")[0].split(
                "0X")[0].split("0o")[0].split("0O")[0].split("0b")[0].split("0B")[0] or "1")
            vals[-1] += rng.choice("jJ")
    return vals


def number_expected(text):
    v = eval(text)
    if isinstance(v, int):
        return ("INT " if v <= INT64_MAX else "BIGINT ") + repr(v)
    if isinstance(v, float):
        return "FLOAT " + repr(v)
    return "IMAG " + repr(v)


# ---- trees: the source each of ast_driver.c's build_tree(k) mirrors

TREES = [
    "pass",
    "def f(a, /, b: int = 1, *args, c, d=2, **kw) -> None:\n    return a",
    "{**x, 1: 'a'}",
    "from .. import a as b, c",
    "u'x'\nb'\\x00\"\\''\n1.5j\n100000000000000000000\n...\nTrue\nFalse\nNone\n1e300\n10.0\n"
    "'it\\'s \"q\"\\n\\x01\u00e9'",
    "match x:\n    case None: pass\n    case P(1, y=a): pass\n    case {1: _, **kw}: pass\n"
    "    case [*_, *r] | (True as t) if t: pass",
    "global x, y\na < b is not c\nx[1:2, ::3]\nnot a and b or -c",
    "try:\n    pass\nexcept E as e:\n    pass\nexcept:\n    raise\nfinally:\n    pass\n"
    "with a as b, c: pass\nx: int = 1\n(y): int\nx += 1",
    "[y for y in z if y]\nlambda: 0\nf(*a, k=1, **kw)",
    "f'{x!r:>{w}}'",
    None,  # TypeIgnore(lineno=3, tag='x'), built below
    "caf\u00e9 = '\u00e9\\u2028\\ud800'",
    "del x\nx = []\nprint(())",
]


def tree_expected(k):
    if TREES[k] is None:
        return ast.dump(ast.TypeIgnore(lineno=3, tag="x"))
    return ast.dump(ast.parse(TREES[k]))


# ---- the field table: a zeroed node of every kind


def zeroed_expected(kind):
    """ast.dump of a node whose fields are all zero bits in kiln's Node,
    worked out from the ASDL signature CPython keeps in the class docstring:
    'FunctionDef(identifier name, ..., expr? returns, string? type_comment)'.
    None optionals are left out; a NULL child or identifier is None; a list
    is []; a zero Const is None; a zero enum is its first member."""
    cls = getattr(ast, kind)
    doc = cls.__doc__
    sig = doc[doc.index("(") + 1:doc.rindex(")")] if "(" in doc else ""
    parts = []
    for decl in filter(None, (d.strip() for d in sig.split(","))):
        typ, name = decl.split()
        if typ.endswith("?"):
            if (kind, name) == ("ImportFrom", "level"):
                parts.append("level=0")  # int? in the ASDL, a plain int in kiln: the parser always sets it
            continue
        if typ.endswith("*"):
            value = "[]"
        else:
            value = {"expr_context": "Load()", "boolop": "And()", "operator": "Add()",
                     "unaryop": "Invert()", "int": "0"}.get(typ, "None")
        if (kind, name) == ("TypeIgnore", "tag"):
            continue  # string in the ASDL, OPTSTR in kiln: NULL never reaches a dump
        parts.append("%s=%s" % (name, value))
    return "%s(%s)" % (kind, ", ".join(parts))


def ast_def_kinds():
    import re
    with open(os.path.join(ROOT, "compiler", "ast.def")) as f:
        return re.findall(r"^AST\((\w+),", f.read(), re.M)


# ---- running


def build(args):
    out_dir = os.path.join(ROOT, "build", "unit")
    os.makedirs(out_dir, exist_ok=True)
    exe = os.path.join(out_dir, "ast_driver-san" if args.san else "ast_driver")
    cc = os.environ.get("CC", "cc")
    flags = ["-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Wshadow", "-Wvla",
             "-Wno-unused-parameter", "-g"]
    if args.san:
        flags += ["-O1", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                  "-fno-omit-frame-pointer"]
    else:
        flags += ["-O2"]
    srcs = [os.path.join(ROOT, p) for p in (
        "tests/unit/ast_driver.c", "compiler/ast.c", "compiler/repr.c", "compiler/util.c",
        "runtime/dtoa.c")]
    cmd = [cc] + flags + ["-I" + os.path.join(ROOT, "runtime"), "-o", exe] + srcs + ["-lutf8proc", "-lm"]
    subprocess.run(cmd, check=True)
    return exe


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", help="a built ast_driver (default: build one)")
    ap.add_argument("--san", action="store_true", help="build with -fsanitize=address,undefined")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-n", type=int, default=20000, help="random values per area")
    ap.add_argument("-v", action="store_true", help="print every mismatch")
    args = ap.parse_args()
    if sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11):
        sys.exit("test_ast.py: the oracle must be CPython 3.11, not %s" % sys.version)
    sys.set_int_max_str_digits(0)
    exe = args.bin or build(args)
    rng = random.Random(args.seed)

    cases = []  # (area, request, expected, what)
    for x in float_values(rng, args.n):
        cases.append(("float", "f " + f2bits(x), repr(x), x))
    for x in float_values(rng, args.n // 4):
        cases.append(("imag", "j " + f2bits(x), repr(complex(0.0, x)), x))
    for s in string_values(rng, args.n):
        cases.append(("str", "s " + wtf8(s).hex(), repr(s), s))
    for s in bytes_values(rng, args.n // 2):
        cases.append(("bytes", "b " + s.hex(), repr(s), s))
    for t in number_literals(rng, args.n):
        cases.append(("number", "n " + t, number_expected(t), t))
    for name in ("None", "True", "False", "Ellipsis"):
        cases.append(("number", "c " + name, name, name))
    for k in range(len(TREES)):
        cases.append(("dump", "d %d" % k, tree_expected(k), TREES[k]))
    for k, kind in enumerate(ast_def_kinds()):
        cases.append(("dump", "z %d" % k, zeroed_expected(kind), kind))

    t0 = time.time()
    proc = subprocess.run([exe], input="".join(c[1] + "\n" for c in cases).encode(),
                          stdout=subprocess.PIPE)
    elapsed = time.time() - t0
    lines = proc.stdout.split(b"\n")
    if proc.returncode != 0 or len(lines) != len(cases) + 1:
        print("test_ast.py: driver exited %d after %d of %d answers"
              % (proc.returncode, len(lines) - 1, len(cases)))
        sys.exit(1)

    stats = {}
    shown = 0
    for (area, req, want, what), got in zip(cases, lines):
        ok = got == want.encode("utf-8", "surrogatepass")
        p, f = stats.get(area, (0, 0))
        stats[area] = (p + ok, f + (not ok))
        if not ok and (args.v or shown < 20):
            shown += 1
            print("MISMATCH %s: %r\n  request  %s\n  expected %s\n  got      %s"
                  % (area, what, req[:200], want[:400], got.decode("utf-8", "replace")[:400]))
    total_p = total_f = 0
    for area in ("float", "imag", "str", "bytes", "number", "dump"):
        p, f = stats.get(area, (0, 0))
        total_p += p
        total_f += f
        print("%s: %d passed, %d failed" % (area, p, f))
    print("repr: %d passed, %d failed (driver %.2f s)" % (total_p, total_f, elapsed))
    sys.exit(1 if total_f else 0)


if __name__ == "__main__":
    main()
