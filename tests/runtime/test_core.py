#!/usr/bin/env python3
# make-test-args: --quick
"""tests/runtime/test_core.py — libkilnrt's core against CPython.

Builds build/libkilnrt.a (make) and tests/runtime/core_driver.c, generates
thousands of cases — float repr of random doubles, format() of random
numbers and specs, str % args, every str method on random text that mixes
ASCII, special-casing letters, combining marks, astral characters and lone
surrogates, indexing and slicing, hashing and comparison of values,
exception reprs and uncaught-exception reports, print — runs them through
the driver, and compares each result with what this CPython (3.11) computes.
It also compares every code point's properties and case mappings, checks
that each case leaves no object or block alive, and runs a sample of cases
failing each of their allocations in turn (MemoryError, never a crash, no
leak).

    python3 tests/runtime/test_core.py [--seed N] [--quick] [--asan] [-v]
                                       [--only CATEGORY] [--no-unicode]

The last line is "N passed, N failed"; the exit status is 1 if anything
failed. --asan builds the driver and the runtime with
-fsanitize=address,undefined.
"""

import argparse
import fcntl
import io
import operator
import math
import os
import random
import struct
import subprocess
import sys
import tempfile
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- encoding


def hx(s):
    return s.encode("utf-8", "surrogatepass").hex()


def S(s):
    return "s:" + hx(s)


def I(v):
    return "i:%d" % v


def B(v):
    return "b:%d" % bool(v)


def F(x):
    return "f:%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def L(items):
    return "l:" + ",".join("x" + hx(x) for x in items)


def val_token(v, boxed=False):
    """A value as a driver token: unboxed int/float/bool, a str, None."""
    pre = "O" if boxed else ""
    if isinstance(v, bool):
        return pre + B(v)
    if isinstance(v, int):
        return pre + I(v)
    if isinstance(v, float):
        return pre + F(v)
    if v is None:
        return "n"
    return S(v)


def enc_result(fn):
    """Run fn under CPython and encode its result as the driver does."""
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 - every exception is a result
        return "E:%s:%s" % (type(e).__name__, hx(str(e)))
    if isinstance(r, bool):
        return "i:%d" % r
    if isinstance(r, int):
        return "i:%d" % r
    if isinstance(r, str):
        return "s:" + hx(r)
    if isinstance(r, (list, tuple)):
        return "l:" + ",".join("x" + hx(x) for x in r)
    raise TypeError(r)


OPS = [operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne]

# ---------------------------------------------------------------- random data

ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
PUNCT = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f.,;:'\"!?-_+*/\\()[]{}%#@$&^`~|<>=0"
SPECIAL = (
    "ßﬁﬂﬃŉǰΐΰẞİıǅǄǆǈǉǋσςΣΆάΏῴ\u0345ﬀﬆﬓՇև"  # special casing, title case, sigma
    "ÀÉÎõüÿĀăĲĳŁłŒœſƒǲǳ"  # Latin
    "ΑΒΓαβγЖжЯяᏴᏵᏸᏹꭰꭱ"  # Greek, Cyrillic, Cherokee
    "\u0301\u0300\u0308\u200b\u200d\u00ad\u2028\u2029\x85\xa0\u3000\u2000\u1680\u202f"  # marks, spaces
    "²³¹½Ⅻⅻ①٣३৩໒༣፩\u2070\u2460一二三四五六七八九十百千万億兆"  # numbers
    "中文日本語한국어ㄱ"  # CJK
    "\U0001F600\U0001F44D\U00010400\U00010428\U0001D7CE\U0001E900\U0001E922"  # astral
    "\ud800\udbff\udc00\udfff"  # lone surrogates
    "\U000E0001\uFFFD\uFEFF\u0378\u0CF3\U0001FA75"  # unassigned/format/new in 15.0
)
ALPHABETS = [ASCII, ASCII + PUNCT, SPECIAL, ASCII + SPECIAL, " \t\n" + SPECIAL + ASCII[:10], "aA1 ßΣς\ud800-"]


def rand_str(rng, maxlen=12, alphabet=None):
    a = alphabet or rng.choice(ALPHABETS)
    n = rng.choice([0, 1, 2, 3, rng.randint(0, maxlen), rng.randint(0, maxlen)])
    return "".join(rng.choice(a) for _ in range(n))


def rand_sub(rng, s):
    """A substring of s, or a random short str."""
    if s and rng.random() < 0.6:
        i = rng.randint(0, len(s))
        j = rng.randint(i, min(len(s), i + 4))
        return s[i:j]
    return rand_str(rng, 3)


def rand_int(rng):
    k = rng.random()
    if k < 0.3:
        return rng.randint(-20, 300)
    if k < 0.5:
        return rng.choice([0, 1, -1, 2**63 - 1, -(2**63), 2**53, 2**53 + 1, -(2**53) - 1, 10**18, 256, 257, -5, -6, 2**31, 2**32 - 1])
    bits = rng.randint(1, 63)
    v = rng.getrandbits(bits)
    return -v if rng.random() < 0.4 else v


def rand_double_bits(rng):
    return struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]


def rand_float(rng):
    k = rng.random()
    if k < 0.2:
        return rand_double_bits(rng)
    if k < 0.3:
        return rng.choice([0.0, -0.0, math.inf, -math.inf, math.nan, 1e16, 1e-5, 1e-4, 9999999999999998.0, 0.1,
                           0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 5e-324, 1.7976931348623157e308, 2.2250738585072014e-308,
                           1e22, 1e23, 123456789.0, 0.001, 100.0, 1e100, 2.0**63, -(2.0**63), 2.0**53, 0.05, 0.15])
    if k < 0.55:  # short decimals: rounding ties and carries
        return float("%d.%0*d" % (rng.randint(0, 10**rng.randint(0, 8)), rng.randint(1, 6), rng.randint(0, 999999))) * rng.choice([1, -1])
    if k < 0.7:
        return rng.randint(-10**rng.randint(0, 20), 10**rng.randint(0, 20)) / 1.0
    if k < 0.85:
        return rng.uniform(-1, 1) * 10.0 ** rng.randint(-30, 30)
    return rng.randint(-999, 999) * 0.5 ** rng.randint(0, 12)


# ---------------------------------------------------------------- case groups

class Cases:
    def __init__(self):
        self.items = []  # (category, command line, expected)

    def add(self, cat, line, expected):
        self.items.append((cat, line, expected))


def gen_repr_float(rng, c, n):
    vals = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e16, 1e15, 9999999999999998.0, 1e-4, 1e-5, 0.1, 0.2, 0.3,
            1 / 3, 2.0**63, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 123.456, 1e22, 1e23, 4.35,
            0.1 + 0.2, 1e-7, 12345678901234567890.0]
    for _ in range(n):
        vals.append(rand_double_bits(rng) if rng.random() < 0.6 else rand_float(rng))
    for v in vals:
        c.add("repr_float", "repr_float " + F(v), enc_result(lambda: repr(v)))
        if rng.random() < 0.1:
            c.add("repr_float", "str " + F(v), enc_result(lambda: str(v)))
    for v in [0, 1, -1, 2**63 - 1, -(2**63), 10, 256, 257, -5, -6] + [rand_int(rng) for _ in range(n // 10)]:
        c.add("repr_int", "repr_int " + I(v), enc_result(lambda: repr(v)))


def rand_spec(rng, types, fill_chars="*0 xé€"):
    parts = []
    if rng.random() < 0.3:
        if rng.random() < 0.6:
            parts.append(rng.choice(fill_chars))
        parts.append(rng.choice("<>=^"))
    if rng.random() < 0.3:
        parts.append(rng.choice("+- "))
    if rng.random() < 0.1:
        parts.append("z")
    if rng.random() < 0.2:
        parts.append("#")
    if rng.random() < 0.2:
        parts.append("0")
    if rng.random() < 0.5:
        parts.append(str(rng.randint(0, 30)))
    if rng.random() < 0.25:
        parts.append(rng.choice(",_"))
    if rng.random() < 0.5:
        p = rng.randint(0, 20) if rng.random() < 0.9 else rng.randint(20, 400)
        parts.append("." + str(p))
    if rng.random() < 0.85:
        parts.append(rng.choice(types))
    spec = "".join(parts)
    if rng.random() < 0.03:  # garbage
        spec = "".join(rng.choice("<>=^+- z#0123456789,_.eEfFgGn%sdxXobc!é") for _ in range(rng.randint(1, 6)))
    return spec


def gen_format(rng, c, n):
    fixed_float = [(1234.5, "012,.2f"), (-0.0, "z"), (-0.0001, "z.2f"), (1e16, "#"), (1.0, "#"), (123.0, ".2"),
                   (1e20, ".3"), (0.5, ".0f"), (2.5, ".0f"), (math.inf, "F"), (math.nan, "%"), (1234.5, "n"),
                   (1.0, ".2147483648f"), (1.0, ".99999999999999999999f"), (1e300, ".500f"), (5e-324, ".400e"),
                   (0.1, ".60g"), (1.5, "#.0e"), (-1e-10, "ze"), (-0.0, "+z.0f"), (math.inf, "010"), (-math.inf, "=+12"),
                   (1e300, ",.2f"), (1234.5, ",%"), (-0.0, ""), (1234.5, "015,.3e"), (1e16, ",.1f"), (-1234567.891, "_"),
                   (0.0, "#"), (123456.0, "g"), (1234567.0, "g"), (1e-5, "g"), (1e-4, ".3g"), (0.5, ".0e"), (1.5, ".0e"),
                   (2.5, ".0%"), (0.125, ".2f"), (0.375, ".2f"), (9.995, ".2f"), (1e22, ".0f"), (5e-324, ""), (5e-324, "g"),
                   (math.nan, "+"), (math.nan, "=010"), (-math.nan, ""), (1.0, "\u00e9^10"), (1.0, "\U0001F600<8"),
                   (1.0, "0=10"), (1.0, "x<010.2f"), (12.5, "^+#012.1%")]
    for v, spec in fixed_float:
        c.add("format_float", "format_float %s %s" % (F(v), S(spec)), enc_result(lambda: format(v, spec)))
    fixed_int = [(1234, "010,"), (1234, "08,"), (1234, "09,"), (-1234, "010,"), (12345, "_b"), (12345, "011_x"),
                 (5, "z"), (5, ".2"), (5, "+c"), (5, "#c"), (-(2**63), "#b"), (-(2**63), "c"), (0x10FFFF, "c"),
                 (97, "=5c"), (97, "05c"), (5, ",,"), (5, "_,"), (5, "__"), (5, "x,"), (5, "\x01"), (5, "é"),
                 (5, "٣"), (5, "<٣d"), (2**63 - 1, "e"), (5, "99999999999999999999"), (255, "#X"), (255, "#010X"),
                 (-255, "_X"), (0, "#o"), (5, ",n"), (5, "_n"), (1234567, "n"), (-(2**63), ""), (-(2**63), "_d"),
                 (2**63 - 1, ","), (123, "=^10"), (123, "0^10"), (-123, "0<10"), (-123, "*=+10,"), (0, "c"), (10, "c"),
                 (0xD800, "c"), (0x1F600, "^5c"), (65, "<"), (65, ">"), (-5, "z"), (5, "#_b"), (5, "#015_x"), (-5, "#08o"),
                 (12345678, ",%"), (3, "0.1%"), (2**53 + 1, "f"), (2**63 - 1, ".20e"), (-1, "x"), (1, "\x00")]
    for v, spec in fixed_int:
        c.add("format_int", "format_int %s %s" % (I(v), S(spec)), enc_result(lambda: format(v, spec)))
    for _ in range(n):
        v = rand_float(rng)
        spec = rand_spec(rng, "eEfFgGn%xd")
        c.add("format_float", "format_float %s %s" % (F(v), S(spec)), enc_result(lambda: format(v, spec)))
    for _ in range(n * 2 // 3):
        v = rand_int(rng)
        if rng.random() < 0.15:
            v = rng.randint(0, 0x10FFFF)
        spec = rand_spec(rng, "bcdoxXn" + "eEfFgG%" + "s")
        c.add("format_int", "format_int %s %s" % (I(v), S(spec)), enc_result(lambda: format(v, spec)))
    for _ in range(n // 4):
        v = rand_str(rng, 8)
        spec = rand_spec(rng, "s" * 8 + "dx")
        c.add("format_str", "format_str %s %s" % (S(v), S(spec)), enc_result(lambda: format(v, spec)))
    for _ in range(n // 10):
        v = rng.random() < 0.5
        spec = rng.choice(["", "d", ">5", "^7", "x", "s", "05", "+", ".2f", "%"])
        c.add("format_bool", "format_bool %s %s" % (B(v), S(spec)), enc_result(lambda: format(v, spec)))
    for _ in range(n // 10):
        v = rng.choice([rand_int(rng), rand_float(rng), rng.random() < 0.5, rand_str(rng, 5)])
        spec = rng.choice(["", ">8", "x", "s", ".3", "e"])
        tok = val_token(v, boxed=not isinstance(v, str))
        c.add("format_val", "format_val %s %s" % (tok, S(spec)), enc_result(lambda: format(v, spec)))


def rand_mod_value(rng, conv):
    if conv in "sra":
        return rng.choice([rand_str(rng, 6), rand_int(rng), rand_float(rng), True, None])
    if conv in "diuoxX":
        return rng.choice([rand_int(rng)] * 6 + [rand_float(rng), True, "s"])
    if conv in "eEfFgG":
        return rng.choice([rand_float(rng)] * 5 + [rand_int(rng), False, "x"])
    if conv == "c":
        return rng.choice([rng.randint(0, 0x10FFFF), rng.randint(32, 127), rand_str(rng, 2) or "a", -1, 1.5])
    return rand_int(rng)


def gen_mod(rng, c, n):
    fixed = [("%5%", ()), ("%d", ("x",)), ("%x", (1.5,)), ("%c", ("ab",)), ("%c", (1.5,)), ("%c", (-1,)), ("%y", (1,)),
             ("%é", (1,)), ("%", ()), ("%s", ()), ("%s %s", (1,)), ("%s", (1, 2)), ("abc", (1,)), ("%*d", ("x", 1)),
             ("%.*f", (2, 1.2345)), ("%-*d|", (-5, 3)), ("%*d|", (-5, 3)), ("%.*f", (-2, 1.5)), ("%05d", (-42,)),
             ("%#08x", (255,)), ("%#8X", (255,)), ("%.5x", (-42,)), ("%d", (3.9,)), ("%d", (1e300,)), ("%d", (math.nan,)),
             ("%d", (math.inf,)), ("%010f", (-math.inf,)), ("%#x", (-255,)), ("%08.3d", (-5,)), ("%s", ("\ud800",)),
             ("%.2147483648f", (1.0,)), ("%99999999999999999999d", (1,)), ("%s %%", ("a",)), ("%.3%", ()),
             ("%ls", ("a",)), ("%5.2s|", ("abc",)), ("%05s", ("ab",)), ("%r", ("é",)), ("%a", ("é\U0001F600",)),
             ("%(a)s", (1,)), ("%5c|", (65,)), ("%c", (0x110000,)), ("%+.3e", (-0.0,)), ("%#g", (1.0,)), ("%i%u", (1, 2))]
    for fmt, args in fixed:
        line = "mod %s %s %s" % (S(fmt), S("t"), " ".join(val_token(a) for a in args))
        c.add("mod", line.rstrip(), enc_result(lambda: fmt % args))
    convs = "srad iuoxXeEfFgGc%"
    for _ in range(n):
        pieces, args = [], []
        for _ in range(rng.randint(0, 4)):
            pieces.append(rand_str(rng, 3, ASCII + " é"))
            conv = rng.choice(convs.replace(" ", ""))
            spec = "%"
            spec += "".join(rng.choice("-+ #0") for _ in range(rng.choice([0, 0, 1, 2])))
            if rng.random() < 0.4:
                if rng.random() < 0.2:
                    spec += "*"
                    args.append(rng.randint(-12, 12))
                else:
                    spec += str(rng.randint(0, 15))
            if rng.random() < 0.4:
                if rng.random() < 0.2:
                    spec += ".*"
                    args.append(rng.randint(-3, 12))
                else:
                    spec += "." + str(rng.randint(0, 12))
            if rng.random() < 0.05:
                spec += rng.choice("hlL")
            spec += conv
            pieces.append(spec)
            if conv != "%":
                args.append(rand_mod_value(rng, conv))
        if rng.random() < 0.05 and args:  # wrong number of arguments
            if rng.random() < 0.5:
                args.pop()
            else:
                args.append(1)
        fmt = "".join(pieces) + rand_str(rng, 2, ASCII)
        single = len(args) == 1 and not isinstance(args[0], tuple) and rng.random() < 0.3
        if single:
            line = "mod %s %s %s" % (S(fmt), S("1"), val_token(args[0]))
            exp = enc_result(lambda: fmt % args[0])
        else:
            line = "mod %s %s %s" % (S(fmt), S("t"), " ".join(val_token(a) for a in args))
            exp = enc_result(lambda: fmt % tuple(args))
        c.add("mod", line.rstrip(), exp)
    for _ in range(n // 10):  # mappings
        keys = ["a", "bc", "x y", "é"]
        d = {k: rng.choice([rand_int(rng), rand_float(rng), rand_str(rng, 4)]) for k in keys}
        fmt = "".join(rng.choice(["%(a)s", "%(bc)r", "%(x y)5s", "%(é)-6s|", "%(a)d", "%(missing)s", "%(a", "%%", " z ",
                                  "%(a)s%(bc)s", "%(a)*d", "%(bc)e"]) for _ in range(rng.randint(1, 3)))
        line = "mod %s %s %s" % (S(fmt), S("m"), " ".join("%s %s" % (S(k), val_token(v)) for k, v in d.items()))
        c.add("mod", line, enc_result(lambda: fmt % d))


def rand_bounds(rng, s):
    """start, end and the has mask, as Python arguments and driver tokens."""
    n = len(s)
    has = 0
    start = end = 0
    if rng.random() < 0.5:
        has |= 1
        start = rng.randint(-n - 3, n + 3)
    if rng.random() < 0.4:
        has |= 2
        end = rng.randint(-n - 3, n + 3)
    if rng.random() < 0.03:
        start, end = rng.choice([(-(2**63), 2**63 - 1), (2**63 - 1, -(2**63))])
    pstart = start if has & 1 else None
    pend = end if has & 2 else None
    return pstart, pend, "%s %s %s" % (I(start), I(end), I(has))


def gen_str_methods(rng, c, n):
    def add(name, line, fn):
        c.add(name, name + " " + line, enc_result(fn))

    for _ in range(n):
        s = rand_str(rng, 14)
        for name in ("capitalize", "casefold", "lower", "upper", "swapcase", "title", "isalnum", "isalpha", "isascii",
                     "isdecimal", "isdigit", "isidentifier", "islower", "isnumeric", "isprintable", "isspace",
                     "istitle", "isupper"):
            if rng.random() < 0.35:
                add(name, S(s), lambda: getattr(s, name)())
        sub = rand_sub(rng, s)
        a, b, toks = rand_bounds(rng, s)
        name = rng.choice(["count", "find", "rfind", "index", "rindex"])
        add(name, "%s %s %s" % (S(s), S(sub), toks), lambda: getattr(s, name)(sub, a, b))
        subs = [rand_sub(rng, s) for _ in range(rng.choice([0, 1, 1, 1, 2, 3]))]
        a, b, toks = rand_bounds(rng, s)
        name = rng.choice(["startswith", "endswith"])
        arg = subs[0] if len(subs) == 1 and rng.random() < 0.5 else tuple(subs)
        add(name, "%s %s %s" % (S(s), L(subs), toks), lambda: getattr(s, name)(arg, a, b))
        width = rng.randint(-2, 20)
        fill = rng.choice([None, None, "*", "é", "\U0001F600", "", "ab", " "])
        name = rng.choice(["center", "ljust", "rjust"])
        if fill is None:
            add(name, "%s %s n" % (S(s), I(width)), lambda: getattr(s, name)(width))
        else:
            add(name, "%s %s %s" % (S(s), I(width), S(fill)), lambda: getattr(s, name)(width, fill))
        zs = rng.choice([s, "-" + s, "+" + s, "-", "+"])
        add("zfill", "%s %s" % (S(zs), I(width)), lambda: zs.zfill(width))
        ts = rng.choice([s, s.replace(" ", "\t"), "a\tbc\t\td\n\te\r\tf", "\t" + s])
        tab = rng.choice([8, 8, 0, 1, 4, -3, 3])
        add("expandtabs", "%s %s" % (S(ts), I(tab)), lambda: ts.expandtabs(tab))
        items = [rand_str(rng, 4) for _ in range(rng.choice([0, 1, 2, 3, 5]))]
        sep = rand_str(rng, 2)
        add("join", "%s %s" % (S(sep), L(items)), lambda: sep.join(items))
        chars = rng.choice([None, None, rand_sub(rng, s), "", " ", "aé\U0001F600"])
        name = rng.choice(["strip", "lstrip", "rstrip"])
        ws = rng.choice([s, " \t" + s + "\n\u3000", "\x85" + s + "\x1c"])
        if chars is None:
            add(name, "%s n" % S(ws), lambda: getattr(ws, name)())
        else:
            add(name, "%s %s" % (S(ws), S(chars)), lambda: getattr(ws, name)(chars))
        p = rand_sub(rng, s)
        name = rng.choice(["removeprefix", "removesuffix", "partition", "rpartition"])
        add(name, "%s %s" % (S(s), S(p)), lambda: getattr(s, name)(p))
        old, new = rand_sub(rng, s), rand_str(rng, 3)
        cnt = rng.choice([-1, -1, 0, 1, 2, 5])
        add("replace", "%s %s %s %s" % (S(s), S(old), S(new), I(cnt)), lambda: s.replace(old, new, cnt))
        sp = rng.choice([s, " " + s.replace("a", " ") + "  ", s.replace("b", "\u3000"), "  a  b c  "])
        sep = rng.choice([None, None, rand_sub(rng, sp), "", " ", "ab"])
        maxsplit = rng.choice([-1, -1, 0, 1, 2, 3])
        name = rng.choice(["split", "rsplit"])
        if sep is None:
            add(name, "%s n %s" % (S(sp), I(maxsplit)), lambda: getattr(sp, name)(None, maxsplit))
        else:
            add(name, "%s %s %s" % (S(sp), S(sep), I(maxsplit)), lambda: getattr(sp, name)(sep, maxsplit))
        ls = rng.choice([s, "a\nb\r\nc\rd\x0be\x0cf\x1cg\x1dh\x1ei\x85j\u2028k\u2029l", s.replace("a", "\n"),
                         "\n\n", "x\r\n", "\r\r\n"])
        keep = rng.random() < 0.5
        add("splitlines", "%s %s" % (S(ls), B(keep)), lambda: ls.splitlines(keep))
    # the edge cases, each once
    for name, line, fn in [("center", "%s %s n" % (S("a"), I(2**62)), lambda: "a".center(2**62)),
                           ("zfill", "%s %s" % (S("-1"), I(2**62)), lambda: "-1".zfill(2**62)),
                           ("ljust", "%s %s %s" % (S("a"), I(2**63 - 1), S("é")), lambda: "a".ljust(2**63 - 1, "é")),
                           ("expandtabs", "%s %s" % (S("ab"), I(2**31)), lambda: "ab".expandtabs(2**31)),
                           ("expandtabs", "%s %s" % (S("a\tb"), I(-(2**40))), lambda: "a\tb".expandtabs(-(2**40))),
                           ("repeat", "%s %s" % (S("ab"), I(2**62)), lambda: "ab" * 2**62)]:
        c.add(name, name + " " + line, enc_result(fn))
    for v, spec in [("a", "9223372036854775807"), ("a", "é>4611686018427387904")]:
        c.add("format_str", "format_str %s %s" % (S(v), S(spec)), enc_result(lambda: format(v, spec)))
    for v, spec in [(1, "9223372036854775807"), (-1, "0=4611686018427387904")]:
        c.add("format_int", "format_int %s %s" % (I(v), S(spec)), enc_result(lambda: format(v, spec)))
    c.add("format_float", "format_float %s %s" % (F(1.5), S("9223372036854775807")),
          enc_result(lambda: format(1.5, "9223372036854775807")))
    c.add("mod", "mod %s %s %s" % (S("%9223372036854775800d"), S("t"), I(1)), enc_result(lambda: "%9223372036854775800d" % 1))
    for s, sub in [("", ""), ("abc", ""), ("", "a"), ("aaa", "aa"), ("abcabc", "bc")]:
        for name in ("count", "find", "rfind", "index", "rindex"):
            for a, b, has in [(0, 0, 0), (3, 0, 1), (4, 0, 1), (-1, 0, 1), (0, -1, 2), (2, 1, 3), (10, 20, 3)]:
                pa = a if has & 1 else None
                pb = b if has & 2 else None
                add(name, "%s %s %s %s %s" % (S(s), S(sub), I(a), I(b), I(has)), lambda: getattr(s, name)(sub, pa, pb))
    for s in ["", "ΣΑΣ", "ΑΣ", "Σ", "ΑΣ.", "ΑΣ'Α", "aΣ\u0301", "aΣ\u0301b", "ΑΣ ΑΣ", "ǅungla", "ǆ", "ﬁre ﬂy",
              "ß", "İstanbul", "ŉ", "ΐ", "hello world", "HELLO wORLD", "they're bill's", "1a2b", "ǈǉǊ",
              "\u0345", "aͅ", "Ⅻ", "ⓐⒶ", "\ud800", "a\udfffb"]:
        for name in ("capitalize", "casefold", "lower", "upper", "swapcase", "title", "istitle", "islower", "isupper"):
            add(name, S(s), lambda: getattr(s, name)())


def gen_index(rng, c, n):
    for _ in range(n):
        s = rand_str(rng, 80 if rng.random() < 0.5 else 10)
        if rng.random() < 0.2:
            s = s * rng.randint(2, 6)
        ln = len(s)
        k = rng.random()
        if k < 0.3:
            i = rng.randint(-ln - 2, ln + 2)
            c.add("index", "getitem %s %s" % (S(s), I(i)), enc_result(lambda: s[i]))
        elif k < 0.8:
            has = rng.randint(0, 7)
            st = rng.randint(-ln - 3, ln + 3)
            sp = rng.randint(-ln - 3, ln + 3)
            step = rng.choice([1, 1, -1, 2, -2, 3, -3, 7, -7, 0, 2**63 - 1, -(2**63)])
            if rng.random() < 0.05:
                st, sp = rng.choice([(-(2**63), 2**63 - 1), (2**63 - 1, -(2**63))])
            a = st if has & 1 else None
            b = sp if has & 2 else None
            d = step if has & 4 else None
            c.add("slice", "slice %s %s %s %s %s" % (S(s), I(st), I(sp), I(step), I(has)), enc_result(lambda: s[a:b:d]))
        else:
            t = rng.choice([s, rand_str(rng, 10), s + "x", s[:-1]])
            op = rng.choice(["concat", "append", "repeat", "contains", "strcmp", "len", "iter", "index_all", "ord",
                             "repr", "ascii", "encode"])
            if op == "concat":
                c.add(op, "concat %s %s" % (S(s), S(t)), enc_result(lambda: s + t))
            elif op == "append":
                k2 = rng.choice([0, 1, 2, 5, 40, 300])
                c.add(op, "append %s %s %s" % (S(s), S(t), I(k2)), enc_result(lambda: s + (t + t) * k2))
            elif op == "repeat":
                k2 = rng.randint(-2, 5)
                c.add(op, "repeat %s %s" % (S(s), I(k2)), enc_result(lambda: s * k2))
            elif op == "contains":
                sub = rand_sub(rng, s)
                c.add(op, "contains %s %s" % (S(s), S(sub)), enc_result(lambda: sub in s))
            elif op == "strcmp":
                exp = (s > t) - (s < t) + 10 * (s == t)
                c.add(op, "strcmp %s %s" % (S(s), S(t)), "i:%d" % exp)
            elif op == "len":
                c.add(op, "len %s" % S(s), "i:%d" % len(s))
            elif op == "iter":
                c.add(op, "iter %s" % S(s), enc_result(lambda: list(s)))
            elif op == "index_all":
                exp = "".join(s[i if i < 0 else ln - 1 - i] for i in range(-ln, ln))
                c.add(op, "index_all %s" % S(s), "s:" + hx(exp))
            elif op == "ord":
                o = s[:1] if rng.random() < 0.7 else s[:2]
                c.add(op, "ord %s" % S(o), enc_result(lambda: ord(o)))
            elif op == "encode":
                def enc():
                    s.encode("utf-8")
                    return "ok"
                exp = enc_result(enc)
                c.add(op, "encode %s" % S(s), "ok" if exp == "s:" + hx("ok") else exp)
            else:
                c.add(op, "%s %s" % (op, S(s)), enc_result(lambda: repr(s) if op == "repr" else ascii(s)))
    for v in [0, 65, 0x7F, 0x80, 0xFF, 0x100, 0xD800, 0xDFFF, 0xFFFF, 0x10000, 0x10FFFF, 0x110000, -1]:
        c.add("chr", "chr " + I(v), enc_result(lambda: chr(v)))


def rand_value(rng):
    k = rng.random()
    if k < 0.35:
        return rand_int(rng)
    if k < 0.7:
        return rand_float(rng)
    if k < 0.8:
        return rng.random() < 0.5
    if k < 0.95:
        return rand_str(rng, 4)
    return None


def gen_values(rng, c, n):
    near = [2**53, 2**53 + 1, 2**63 - 1, -(2**63), 2**62, 0, 1, -1]
    for _ in range(n):
        a, b = rand_value(rng), rand_value(rng)
        if rng.random() < 0.2:  # numbers that meet near the limits of double
            x = rng.choice(near) + rng.randint(-2, 2)
            x = max(min(x, 2**63 - 1), -(2**63))
            a, b = x, float(x) if rng.random() < 0.7 else math.nextafter(float(x), rng.choice([0, math.inf]))
        if rng.random() < 0.2:
            b = a
        ba, bb = rng.random() < 0.3, rng.random() < 0.3
        ta, tb = val_token(a, ba), val_token(b, bb)
        k = rng.random()
        if k < 0.3:
            c.add("eq", "eq %s %s" % (ta, tb), enc_result(lambda: a == b))
        elif k < 0.7:
            op = rng.randrange(6)
            c.add("cmp", "cmp %s %s %s" % (I(op), ta, tb), enc_result(lambda: OPS[op](a, b)))
        elif k < 0.8:
            c.add("truth", "truth %s" % ta, enc_result(lambda: bool(a)))
        elif k < 0.9:
            if a is None or isinstance(a, str) or (isinstance(a, float) and math.isnan(a)):
                continue
            c.add("hash", "hash %s" % ta, enc_result(lambda: hash(a)))
        else:
            op = rng.choice(["repr", "str", "ascii"])
            c.add(op, "%s %s" % (op, ta), enc_result(lambda: {"repr": repr, "str": str, "ascii": ascii}[op](a)))
    for v in [0, 1, -1, -2, 2**61 - 1, 2**61, -(2**61) + 1, 2**63 - 1, -(2**63), 2**62 + 12345]:
        c.add("hash", "hash " + I(v), enc_result(lambda: hash(v)))
    for v in [0.0, -0.0, 1.5, -1.0, math.inf, -math.inf, 1e300, 5e-324, 0.1, 2.0**61, -(2.0**61), 1e-300, 123.456e78]:
        c.add("hash", "hash " + F(v), enc_result(lambda: hash(v)))


# (UnicodeEncodeError and friends are left out: CPython's take five
# arguments; the runtime raises them with a message.)
EXC_TYPES = ["ValueError", "TypeError", "KeyError", "IndexError", "RuntimeError", "ZeroDivisionError", "OSError",
             "FileNotFoundError", "SystemExit", "StopIteration", "AssertionError", "NotImplementedError",
             "Exception", "BaseException", "MemoryError", "AttributeError", "OverflowError", "PermissionError"]


def gen_exc(rng, c, n):
    import builtins
    fixed = [("ValueError", ()), ("ValueError", ("x",)), ("ValueError", ("x", 2)), ("KeyError", ("b",)),
             ("KeyError", ()), ("KeyError", (1, 2)), ("OSError", (2, "No such")), ("OSError", (2, "No such", "f")),
             ("OSError", ("a",)), ("OSError", (1, 2, 3, 4, 5)), ("OSError", (2, "x", None)), ("OSError", (13, "denied")),
             ("OSError", (17, "exists", "d")), ("FileNotFoundError", (2, "nf", "x.txt")), ("SystemExit", (3,)),
             ("StopIteration", (5,)), ("KeyError", ("",)), ("ValueError", ("é\ud800",)), ("TypeError", (1.5, None, True)),
             ("OSError", (None, "x")), ("OSError", (2, None))]
    cases = list(fixed)
    for _ in range(n):
        t = rng.choice(EXC_TYPES)
        args = tuple(rand_value(rng) for _ in range(rng.choice([0, 1, 1, 1, 2, 3])))
        cases.append((t, args))
    for t, args in cases:
        def run():
            e = getattr(builtins, t)(*args)
            return [type(e).__name__, repr(e), str(e)]
        c.add("exc_new", "exc_new %s %s" % (S(t), " ".join(val_token(a) for a in args)), enc_result(run))


# ---- uncaught-exception reports: a Python program and the driver script
# that builds the same exception, compared on the whole of stderr (less
# CPython's caret lines, which kiln does not print).

def report_scenarios(rng, n):
    """(program text, driver ops) pairs."""
    out = []

    def msg():
        return rng.choice(["bad value", "", "x: 'y'", "é ünïcode", "two\nlines", "a" * 30])

    for k in range(n):
        kind = k % 8
        depth = rng.randint(0, 4)
        lines = []
        ops = []
        t = rng.choice(["ValueError", "TypeError", "RuntimeError", "KeyError", "IndexError", "ZeroDivisionError",
                        "AssertionError"])
        m = msg()
        # functions f0..f{depth-1}; f0 raises (kind-specific), others call down
        for d in range(depth):
            lines.append("def f%d():" % d)
            if d == 0:
                lines.append("    raise %s(%r)" % (t, m) if kind != 3 else "    raise %s" % t)
            else:
                lines.append("    x = 1")
                lines.append("    f%d()" % (d - 1))
        body_start = len(lines)
        call_line = None
        if kind in (0, 3, 6):  # plain, class-only raise, repeated frames
            if depth == 0:
                lines.append("raise %s(%r)" % (t, m) if kind != 3 else "raise %s" % t)
            else:
                lines.append("f%d()" % (depth - 1))
            call_line = len(lines)
        elif kind == 1:  # raise while handling
            lines.append("try:")
            lines.append("    raise KeyError('k')")
            lines.append("except KeyError:")
            lines.append("    raise %s(%r)" % (t, m))
        elif kind == 2:  # raise from
            lines.append("try:")
            lines.append("    raise OSError(2, 'No such file', 'a.txt')")
            lines.append("except OSError as e:")
            lines.append("    raise %s(%r) from e" % (t, m))
        elif kind == 4:  # from None
            lines.append("try:")
            lines.append("    raise KeyError('k')")
            lines.append("except KeyError:")
            lines.append("    raise %s(%r) from None" % (t, m))
        elif kind == 5:  # SystemExit
            code = rng.choice(["3", "0", "None", "'bye'", "", "1, 2", "True"])
            lines.append("raise SystemExit(%s)" % code)
        elif kind == 7:  # re-raise, and a chain of three
            lines.append("try:")
            lines.append("    try:")
            lines.append("        raise ValueError('one')")
            lines.append("    except ValueError:")
            lines.append("        raise TypeError('two')")
            lines.append("except TypeError:")
            lines.append("    raise")
        text = "\n".join(lines) + "\n"
        ops += ["source", text]
        if kind in (0, 3, 6):
            tname_msg = [t, "-" if kind == 3 else m]
            if depth == 0:
                ops += ["raise"] + tname_msg + ["tb", "<module>", I(call_line)]
            else:
                ops += ["raise"] + tname_msg
                for d in range(depth):
                    ln = [i for i, l in enumerate(lines, 1) if l == "def f%d():" % d][0]
                    ops += ["tb", "f%d" % d, I(ln + (1 if d == 0 else 2))]
                ops += ["tb", "<module>", I(call_line)]
            if kind == 6 and depth > 0:  # make it recursive instead
                lines = ["def f(n):", "    if n == 0:", "        raise %s(%r)" % (t, m), "    f(n - 1)",
                         "f(%d)" % (depth * 3 + 2)]
                text = "\n".join(lines) + "\n"
                ops = ["source", text, "raise", t, m, "tb", "f", I(3)]
                ops += ["tb", "f", I(4)] * (depth * 3 + 2)
                ops += ["tb", "<module>", I(5)]
        elif kind in (1, 2, 4):
            b = body_start
            first = {1: ["raise", "KeyError", "k"], 4: ["raise", "KeyError", "k"],
                     2: ["raisev", "OSError", I(3), I(2), S("No such file"), S("a.txt")]}[kind]
            ops += first + ["tb", "<module>", I(b + 2), "catch"]
            if kind == 1:
                ops += ["raise", t, m]
            elif kind == 2:
                ops += ["from", t, m]
            else:
                ops += ["fromnone", t, m]
            ops += ["tb", "<module>", I(b + 4), "end"]
        elif kind == 5:
            code = lines[-1][len("raise SystemExit("):-1]
            vals = {"3": [I(3)], "0": [I(0)], "None": ["n"], "'bye'": [S("bye")], "": [], "1, 2": [I(1), I(2)],
                    "True": [B(True)]}[code]
            ops += ["raisev", "SystemExit", I(len(vals))] + vals + ["tb", "<module>", I(len(lines))]
        elif kind == 7:
            b = body_start
            ops += ["raise", "ValueError", "one", "tb", "<module>", I(b + 3), "catch", "raise", "TypeError", "two",
                    "tb", "<module>", I(b + 5), "end", "catch", "reraise", "end"]
        out.append((text, ops))
    return out


def strip_carets(err):
    out = []
    for line in err.splitlines(keepends=True):
        st = line.strip()
        if st and set(st) <= set("^~"):
            continue
        out.append(line)
    return "".join(out)


def gen_reports(rng, c, n):
    with tempfile.TemporaryDirectory() as tmp:
        for text, ops in report_scenarios(rng, n):
            path = os.path.join(tmp, "prog.py")
            with open(path, "w") as f:
                f.write(text)
            p = subprocess.run([sys.executable, "prog.py"], cwd=tmp, capture_output=True)
            err = strip_carets(p.stderr.decode("utf-8", "surrogateescape")).replace(path, "prog.py")
            toks = []
            for o in ops:
                toks.append(o if o[:2] in ("i:", "b:", "s:") or o == "n" else S(o))
            c.add("report", "report " + " ".join(toks), "s:%s,%d" % (err.encode("utf-8", "surrogateescape").hex(), p.returncode))


def gen_print(rng, c, n):
    for _ in range(n):
        items = [rand_str(rng, 6) for _ in range(rng.randint(0, 4))]
        sep = rng.choice([None, None, "", "--", "\ud800"])
        end = rng.choice([None, None, "", "!\n", "\udc80"])
        to_err = rng.random() < 0.3
        flush = rng.random() < 0.3
        buf = io.BytesIO()
        w = io.TextIOWrapper(buf, encoding="utf-8", errors="backslashreplace" if to_err else "strict", newline="\n",
                             write_through=True)
        exc = None
        try:
            print(*items, sep=sep, end=end, file=w)
        except Exception as e:  # noqa: BLE001
            exc = e
        w.flush()
        exp = "s:" + buf.getvalue().hex()
        if exc:
            exp += " E:%s:%s" % (type(exc).__name__, hx(str(exc)))
        toks = [I(to_err), B(flush), "n" if sep is None else S(sep), "n" if end is None else S(end)]
        c.add("print", "print " + " ".join(toks + [S(x) for x in items]), exp)


# ---------------------------------------------------------------- unicode

def unicode_expected():
    rows = {}
    for cp in range(0x110000):
        ch = chr(cp)
        flags = (ch.isalpha() | ch.isdecimal() << 1 | ch.isdigit() << 2 | ch.isnumeric() << 3 | ch.isspace() << 4 |
                 ch.isprintable() << 5 | ch.islower() << 6 | ch.isupper() << 7 | ch.isidentifier() << 8 |
                 ch.istitle() << 9)
        m = (ch.lower(), ch.upper(), ch.capitalize(), ch.casefold())
        if flags != 0x20 or any(x != ch for x in m):
            rows[cp] = "%X %X %s" % (cp, flags, " ".join(hx(x) for x in m))
    return rows


# ---------------------------------------------------------------- running

def build(asan):
    # other test scripts may be making the library at the same time: take turns
    os.makedirs(os.path.join(ROOT, "build", "tests"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "libkilnrt.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        subprocess.run(["make", "-s", "build/libkilnrt.a"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    cc = os.environ.get("CC", "cc")
    flags = ["-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Wno-unused-parameter", "-g",
             "-ffp-contract=off", "-fno-fast-math"]
    src = [os.path.join(HERE, "core_driver.c")]
    if asan:
        exe = os.path.join(ROOT, "build", "tests", "core_driver_asan")
        rt = sorted(os.path.join(ROOT, "runtime", f) for f in os.listdir(os.path.join(ROOT, "runtime"))
                    if f.endswith(".c"))
        cmd = [cc] + flags + ["-O1", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
                              "-fno-sanitize-recover=all", "-o", exe] + src + rt + ["-lutf8proc", "-lpcre2-8", "-lm"]
    else:
        exe = os.path.join(ROOT, "build", "tests", "core_driver")
        cmd = [cc] + flags + ["-O1", "-o", exe] + src + [os.path.join(ROOT, "build", "libkilnrt.a"), "-lutf8proc", "-lpcre2-8", "-lm"]
    subprocess.run(cmd, check=True)
    return exe


def run_driver(exe, lines, extra=()):
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86",
               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=86")
    p = subprocess.run([exe, *extra], input="\n".join(lines) + "\n", capture_output=True, text=True,
                       errors="surrogateescape", env=env)
    out = p.stdout.split("\n")
    if p.returncode != 0:
        sys.stderr.write(p.stderr[-4000:])
    return out, p.returncode


def describe(line):
    """A readable form of a command line: hex strs decoded."""
    parts = []
    for tok in line.split(" "):
        if tok.startswith("s:"):
            parts.append(repr(bytes.fromhex(tok[2:]).decode("utf-8", "surrogatepass")))
        elif tok.startswith("f:"):
            parts.append(repr(struct.unpack("<d", struct.pack("<Q", int(tok[2:], 16)))[0]))
        else:
            parts.append(tok)
    return " ".join(parts)


def readable(res):
    try:
        if res.startswith("s:"):
            head, _, rest = res[2:].partition(" ")
            head = head.split(",")
            return " ".join([repr(bytes.fromhex(head[0]).decode("utf-8", "surrogatepass"))] + head[1:] + [rest])
        if res.startswith("l:"):
            return repr([bytes.fromhex(x[1:]).decode("utf-8", "surrogatepass") for x in res[2:].split(",") if x])
        if res.startswith("E:"):
            _, t, h = res.split(":", 2)
            h, _, rest = h.partition(" ")
            return "%s(%r)%s" % (t, bytes.fromhex(h).decode("utf-8", "surrogatepass"), " " + rest if rest else "")
    except ValueError:
        pass
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="fewer cases")
    ap.add_argument("--asan", action="store_true")
    ap.add_argument("--no-unicode", action="store_true", help="skip the every-code-point comparison")
    ap.add_argument("--only", help="run only this category group")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    scale = 1 if not args.quick else 0.2
    exe = build(args.asan)

    groups = {
        "repr": lambda c: gen_repr_float(rng, c, int(4000 * scale)),
        "format": lambda c: gen_format(rng, c, int(6000 * scale)),
        "mod": lambda c: gen_mod(rng, c, int(3000 * scale)),
        "str": lambda c: gen_str_methods(rng, c, int(1500 * scale)),
        "index": lambda c: gen_index(rng, c, int(3000 * scale)),
        "values": lambda c: gen_values(rng, c, int(3000 * scale)),
        "exc": lambda c: gen_exc(rng, c, int(300 * scale)),
        "report": lambda c: gen_reports(rng, c, max(16, int(64 * scale))),
        "print": lambda c: gen_print(rng, c, int(200 * scale)),
    }
    cases = Cases()
    for name, gen in groups.items():
        if args.only and args.only != name:
            continue
        gen(cases)

    passed = failed = 0
    shown = 0
    stats = {}

    def check(cat, line, exp, got):
        nonlocal passed, failed, shown
        st = stats.setdefault(cat, [0, 0])
        if got == exp:
            passed += 1
            st[0] += 1
            return
        failed += 1
        st[1] += 1
        if shown < 40 or args.v:
            shown += 1
            print("FAIL %s: %s\n  expected %s\n  got      %s" % (cat, describe(line)[:300], readable(exp)[:400],
                                                                readable(got)[:400]))

    lines = [ln for _, ln, _ in cases.items]
    out, rc = run_driver(exe, lines)
    if rc != 0:
        print("FAIL driver exited with status %d" % rc)
        failed += 1
    for i, (cat, line, exp) in enumerate(cases.items):
        check(cat, line, exp, out[i] if i < len(out) else "<no output>")

    # allocation failures: a sample of the cases, each failing every allocation in turn
    if not args.only or args.only == "failsweep":
        frng = random.Random(args.seed + 1)
        pool = [x for x in cases.items if x[0] not in ("report",)] or cases.items
        sample = frng.sample(pool, min(len(pool), int(1500 * scale) or 1))
        if args.only == "failsweep":
            sample = []
            for name, gen in groups.items():
                if name != "report":
                    sub = Cases()
                    gen(sub)
                    sample += frng.sample(sub.items, min(len(sub.items), 150))
        reports = [x for x in cases.items if x[0] == "report"][:8]
        sample += reports
        out, rc = run_driver(exe, [ln for _, ln, _ in sample], ["--failsweep"])
        if rc != 0:
            print("FAIL failsweep driver exited with status %d" % rc)
            failed += 1
        for i, (cat, line, exp) in enumerate(sample):
            check("failsweep", line, exp, out[i] if i < len(out) else "<no output>")

    # every code point
    if not args.no_unicode and (not args.only or args.only == "unicode"):
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        p = subprocess.run([exe, "--unidump"], capture_output=True, text=True, env=env)
        got = {}
        for ln in p.stdout.splitlines():
            got[int(ln.split(" ", 1)[0], 16)] = ln
        exp = unicode_expected()
        bad = [cp for cp in sorted(set(got) | set(exp)) if got.get(cp) != exp.get(cp)]
        st = stats.setdefault("unicode", [0, 0])
        if bad or p.returncode != 0:
            failed += 1
            st[1] += 1
            print("FAIL unicode: %d code points differ (status %d)" % (len(bad), p.returncode))
            for cp in bad[:20]:
                print("  U+%04X expected %s\n         got      %s" % (cp, exp.get(cp), got.get(cp)))
        else:
            passed += 1
            st[0] += 1

    for cat in sorted(stats):
        p_, f_ = stats[cat]
        print("  %-14s %6d passed %5d failed" % (cat, p_, f_))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
