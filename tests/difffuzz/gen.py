#!/usr/bin/env python3
"""tests/difffuzz/gen.py: random, well-typed Python programs for differential fuzzing.

`program(seed)` returns the text of one program; the same seed gives the same program on
every machine (one random.Random(seed), nothing else consulted). A program is a few small
classes and annotated functions and a `main()` that builds values of a handful of static types
(int, float, bool, str, list[int], list[str], dict[str, int], set[int], tuple[int, str], class
instances), mutates them in loops and branches, catches or lets escape the exceptions its
operations raise, and prints its state often, so any difference with CPython shows in stdout,
the last line of stderr or the exit status.

What the programs stay inside of, on purpose (kiln's documented subset, docs/architecture.md):

- ints stay far below 2**63: kiln's ints are 64-bit and raise OverflowError where CPython
  would make a big int. Every int expression carries a static bound on its magnitude
  (`Expr.bound`); an operation whose result bound could pass 2**62 is not generated, and an int
  stored into a variable is folded back under BOUND (`% 1000003`) when its bound is larger.
  OverflowError is still generated where CPython raises it too: float `**`, `math.exp`.
- each variable keeps one static type (kiln types a name per SSA value, and merging two types
  makes a variant, which is legal but not what these programs test);
- no set[str] (str hashes are randomised per process in CPython, so its order is too);
- no big-int literals, no complex numbers (`abs(x) ** y` for floats), no `is` on values,
  no id()/hash() output, no unbounded loops (every while has a counter), no str or list
  doubling inside loops (sizes stay small).

Used by tests/difffuzz/run.py; `python3 gen.py SEED` prints one program.
"""

import random
import sys

BOUND = 10**6          # an int variable's magnitude is below this
MOD = 1000003          # ... by folding with % MOD
LIMIT = 2**62          # no int expression may reach this
LEN = 10**5            # a bound on any container's length

INT, FLOAT, BOOL, STR = "int", "float", "bool", "str"
LINT, LSTR, DSI, SINT, TUP = "list[int]", "list[str]", "dict[str, int]", "set[int]", "tuple[int, str]"
TYPES = (INT, FLOAT, BOOL, STR, LINT, LSTR, DSI, SINT, TUP)

STRS = ["", "a", "abc", "Hello", "hello world", "a,b,,c", "  pad  ", "x-y-z", "42", "-7", "3.5",
        "é", "straße", "日本語", "ab" * 3, "CamelCase", "snake_case", "1_000", " 12 ", "nan", "1e3",
        "tab\there", "line\nbreak", "quote'\"", "Zz9", "ǅ", "ﬁ"]
FLOATS = ["0.0", "-0.0", "0.5", "1.5", "-2.25", "0.1", "3.0", "1e-3", "2.5e10", "1e300", "-1e-310",
          "123.456", "7.0", "0.3333333333333333", "1e16", "-8.75"]
INTS = ["0", "1", "-1", "2", "3", "7", "-13", "10", "100", "255", "-1000", "99999", "65536", "12345"]
EXC = ["ZeroDivisionError", "IndexError", "KeyError", "ValueError"]
FSPEC_INT = ["", ">6", "<5", "^7", "05d", "x", "X", "o", "b", "+d", ",", "_", "#x", "*^9", "e", ".2f"]
FSPEC_FLOAT = ["", ".2f", ".3e", "g", ".4g", "10.3f", "<12", "+.1f", "%", ".1%", ",.2f", "e", "G", ".0f", "#.3g"]
FSPEC_STR = ["", ">8", "<6", "^9", ".3", "*<7"]
STR_METHODS0 = ["upper", "lower", "strip", "title", "capitalize", "swapcase", "lstrip", "rstrip", "casefold"]
BOOL_METHODS0 = ["isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower", "istitle", "isdecimal",
                 "isnumeric", "isidentifier", "isprintable", "isascii"]


class Expr:
    """An expression's text, its static type and, for an int, a bound on |value|."""

    def __init__(self, text, ty, bound=0):
        self.text, self.ty, self.bound = text, ty, bound


class Func:
    def __init__(self, name, params, ret):
        self.name, self.params, self.ret = name, params, ret


class Klass:
    def __init__(self, name):
        self.name = name


class Gen:
    def __init__(self, seed, prefix=""):
        self.r = random.Random(seed)
        self.seed = seed
        self.prefix = prefix
        self.lines = []
        self.funcs = []      # callable functions so far (defined before the current one)
        self.klasses = []
        self.vars = {}       # name -> type, in the current function
        self.nvar = 0
        self.depth = 0       # statement nesting
        self.in_loop = 0
        self.in_try = 0
        self.budget = 0      # statements left in the current function
        self.pre = []        # assignments the current statement needs first
        self.scoped = []     # names bound inside the current block only
        self.base_depth = 1

    # ---- helpers ------------------------------------------------------------------
    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    def emit(self, line):
        self.lines.append("    " * self.depth + line)

    def fresh(self, ty):
        self.nvar += 1
        name = f"v{self.nvar}"
        return name

    def vars_of(self, ty):
        return [n for n, t in self.vars.items() if t == ty]

    def clamp(self, e):
        """An int expression made to fit in a variable."""
        if e.bound < BOUND:
            return e
        return Expr(f"({e.text}) % {MOD}", INT, MOD)

    # ---- expressions ----------------------------------------------------------------
    def expr(self, ty, d=0):
        """An expression of type ty; d is the nesting depth (deeper, simpler)."""
        leaf = d >= 3 or self.chance(0.25 + 0.2 * d)
        if ty in (INT, FLOAT, BOOL, STR, LINT, LSTR, DSI, SINT, TUP):
            names = self.vars_of(ty)
            if names and (leaf or self.chance(0.3)):
                n = self.pick(names)
                return Expr(n, ty, BOUND if ty == INT else 0)
        return getattr(self, "e_" + ty.replace("[", "_").replace("]", "").replace(", ", "_"))(d, leaf)

    def int_lit(self):
        t = self.pick(INTS)
        return Expr(t, INT, abs(int(t)) + 1)

    def divisor(self, d):
        """The right operand of / // %: raw (may be 0) inside a try, else never 0."""
        b = self.expr(INT, d + 1)
        if self.in_try and self.chance(0.6):
            return b
        return Expr(f"({b.text} if {b.text} != 0 else {self.pick(['3', '-4', '7'])})", INT, b.bound + 7)

    def e_int(self, d, leaf):
        if leaf:
            return self.int_lit()
        k = self.r.randrange(22)
        if k <= 2:
            a, b = self.expr(INT, d + 1), self.expr(INT, d + 1)
            op = self.pick(["+", "-"])
            return Expr(f"({a.text} {op} {b.text})", INT, a.bound + b.bound)
        if k == 3:
            a, b = self.expr(INT, d + 1), self.expr(INT, d + 1)
            if a.bound * b.bound < LIMIT:
                return Expr(f"({a.text} * {b.text})", INT, a.bound * b.bound)
            return Expr(f"({a.text} * {b.text} % 1000)", INT, 1000) if False else a
        if k <= 5:
            a, b = self.expr(INT, d + 1), self.divisor(d)
            op = self.pick(["//", "%"])
            return Expr(f"({a.text} {op} {b.text})", INT, max(a.bound, b.bound) + 1)
        if k == 6:
            a = self.expr(INT, d + 1)
            p = self.r.randrange(4)
            if a.bound ** max(p, 1) < LIMIT:
                return Expr(f"({a.text} ** {p})", INT, a.bound ** max(p, 1) + 1)
            return Expr(f"abs({a.text})", INT, a.bound)
        if k == 7:
            a = self.expr(INT, d + 1)
            return Expr(self.pick([f"-{a.text}", f"abs({a.text})", f"(~{a.text})"]), INT, a.bound + 1)
        if k == 8:
            c = self.pick([STR, LINT, LSTR, DSI, SINT])
            return Expr(f"len({self.expr(c, d + 1).text})", INT, LEN)
        if k == 9:
            a, b = self.expr(INT, d + 1), self.expr(INT, d + 1)
            f = self.pick(["min", "max"])
            return Expr(f"{f}({a.text}, {b.text})", INT, max(a.bound, b.bound))
        if k == 10:
            f = self.expr(FLOAT, d + 1)
            if not self.in_try:
                names = self.vars_of(FLOAT)
                if not names:
                    return self.int_lit()
                f = Expr(self.pick(names), FLOAT)
                return Expr(self.pick([f"(int({f.text} % 1000.0) if math.isfinite({f.text}) else 0)",
                                       f"(round({f.text} % 1000.0) if math.isfinite({f.text}) else -1)"]), INT, 1001)
            return Expr(self.pick([f"int({f.text} % 1000.0)", f"round({f.text} % 1000.0)"]), INT, 1001)
        if k == 11 and self.in_try:
            s = self.expr(STR, d + 1)
            return Expr(f"int({s.text}[:6])", INT, 10**6)
        if k == 12:
            s, t = self.expr(STR, d + 1), self.expr(STR, d + 1)
            m = self.pick(["find", "count", "rfind"] + (["index"] if self.in_try else []))
            return Expr(f"{s.text}.{m}({t.text})", INT, LEN)
        if k == 13:
            xs = self.expr(LINT, d + 1)
            return Expr(self.item(d, xs.text, lambda x: x, self.int_lit().text), INT, BOUND * 10)
        if k == 14:
            dd, key = self.expr(DSI, d + 1), self.expr(STR, d + 1)
            if self.in_try and self.chance(0.5):
                return Expr(f"{dd.text}[{key.text}]", INT, BOUND)
            return Expr(f"{dd.text}.get({key.text}, {self.int_lit().text})", INT, BOUND)
        if k == 15:
            xs = self.expr(LINT, d + 1)
            return Expr(self.pick([f"sum({xs.text})", f"sum(v * 2 for v in {xs.text})"]), INT, BOUND * LEN * 2)
        if k == 16 and self.funcs:
            fs = [f for f in self.funcs if f.ret == INT]
            if fs:
                return Expr(self.call(self.pick(fs), d), INT, BOUND)
        if k == 17:
            c = self.expr(BOOL, d + 1)
            a, b = self.expr(INT, d + 1), self.expr(INT, d + 1)
            return Expr(f"({a.text} if {c.text} else {b.text})", INT, max(a.bound, b.bound))
        if k == 18:
            s = self.expr(STR, d + 1)
            return Expr(self.item(d, s.text, lambda x: f"ord({x})", "-5"), INT, 0x110000)
        if k == 19:
            t = self.expr(TUP, d + 1)
            return Expr(f"{t.text}[0]", INT, BOUND)
        if k == 20 and self.klasses:
            o = self.obj(d)
            if o:
                return Expr(f"{o}.n", INT, BOUND)
        if k == 21:
            xs = self.expr(self.pick([LINT, SINT]), d + 1)
            if self.in_try and self.chance(0.5):
                return Expr(f"{self.pick(['max', 'min'])}({xs.text})", INT, BOUND * 10)
            return Expr(f"{self.pick(['max', 'min'])}({xs.text}, default={self.int_lit().text})", INT, BOUND * 10)
        return self.int_lit()

    def index(self, d, seq):
        """An index into seq: any int inside a try (IndexError is caught there), else one
        in range, negative or not (the caller guards an empty seq)."""
        i = self.expr(INT, d + 1)
        if self.in_try and self.chance(0.6):
            return i.text
        return f"({i.text}) % max(1, len({seq})) * {self.pick(['1', '-1'])}"

    def item(self, d, seq, expr_of, default):
        """expr_of(seq[i]) for an i in range, or default when seq is empty (outside a try)."""
        i = self.index(d, seq)
        if self.in_try:
            return expr_of(f"{seq}[{i}]")
        return f"({expr_of(f'{seq}[{i}]')} if {seq} else {default})"

    def obj(self, d):
        kinds = {k.name for k in self.klasses}
        names = [n for n, t in self.vars.items() if t in kinds]
        return self.pick(names) if names else None

    def e_float(self, d, leaf):
        if leaf:
            return Expr(self.pick(FLOATS), FLOAT)
        k = self.r.randrange(12)
        if k <= 2:
            a, b = self.expr(FLOAT, d + 1), self.expr(self.pick([FLOAT, INT]), d + 1)
            return Expr(f"({a.text} {self.pick(['+', '-', '*'])} {b.text})", FLOAT)
        if k == 3:
            a = self.expr(self.pick([FLOAT, INT]), d + 1)
            b = self.expr(FLOAT, d + 1)
            if not self.in_try or self.chance(0.5):
                b = Expr(f"({b.text} or 0.25)", FLOAT)
            return Expr(f"({a.text} {self.pick(['/', '//', '%'])} {b.text})", FLOAT)
        if k == 4:
            a, b = self.expr(INT, d + 1), self.divisor(d)
            return Expr(f"({a.text} / {b.text})", FLOAT)
        if k == 5:
            a, b = self.expr(FLOAT, d + 1), self.expr(FLOAT, d + 1)
            if self.in_try:
                return Expr(f"(abs({a.text}) ** {b.text})", FLOAT)
            return Expr(f"(abs({a.text}) ** {self.pick(['0.5', '2.0', '-1.5', '3'])})", FLOAT)
        if k == 6:
            return Expr(f"float({self.expr(INT, d + 1).text})", FLOAT)
        if k == 7:
            a = self.expr(FLOAT, d + 1)
            return Expr(self.pick([f"-{a.text}", f"abs({a.text})", f"round({a.text}, {self.r.randrange(-1, 4)})"]), FLOAT)
        if k == 8:
            a = self.expr(FLOAT, d + 1)
            fn = self.pick(["math.sqrt(abs(%s))", "math.fabs(%s)", "math.sin(%s)", "math.atan(%s)",
                            "math.exp(%s)" if self.in_try else "math.exp(%s %% 50.0)",
                            "math.log(abs(%s) + 1.0)", "math.hypot(%s, 3.0)",
                            "math.copysign(2.0, %s)", "math.fmod(%s, 7.5)"])
            return Expr(fn % a.text, FLOAT)
        if k == 9:
            a, b = self.expr(FLOAT, d + 1), self.expr(FLOAT, d + 1)
            return Expr(f"{self.pick(['min', 'max'])}({a.text}, {b.text})", FLOAT)
        if k == 10 and self.in_try:
            return Expr(f"float({self.expr(STR, d + 1).text})", FLOAT)
        if k == 11:
            c = self.expr(BOOL, d + 1)
            return Expr(f"({self.expr(FLOAT, d + 1).text} if {c.text} else {self.expr(FLOAT, d + 1).text})", FLOAT)
        return Expr(self.pick(FLOATS), FLOAT)

    def e_bool(self, d, leaf):
        if leaf:
            return Expr(self.pick(["True", "False"]), BOOL)
        k = self.r.randrange(9)
        if k <= 2:
            t = self.pick([INT, FLOAT, STR, INT, LINT, TUP])
            a, b = self.expr(t, d + 1), self.expr(t, d + 1)
            ops = ["==", "!="] if t in (LINT,) and self.chance(0.3) else ["<", "<=", "==", "!=", ">", ">="]
            return Expr(f"({a.text} {self.pick(ops)} {b.text})", BOOL)
        if k == 3:
            a, b = self.expr(BOOL, d + 1), self.expr(BOOL, d + 1)
            return Expr(f"({a.text} {self.pick(['and', 'or'])} {b.text})", BOOL)
        if k == 4:
            return Expr(f"(not {self.expr(BOOL, d + 1).text})", BOOL)
        if k == 5:
            c = self.pick([(INT, LINT), (INT, SINT), (STR, DSI), (STR, STR), (STR, LSTR)])
            return Expr(f"({self.expr(c[0], d + 1).text} {self.pick(['in', 'not in'])} {self.expr(c[1], d + 1).text})", BOOL)
        if k == 6:
            s = self.expr(STR, d + 1)
            return Expr(f"{s.text}.{self.pick(BOOL_METHODS0)}()", BOOL)
        if k == 7:
            s, t = self.expr(STR, d + 1), self.expr(STR, d + 1)
            return Expr(f"{s.text}.{self.pick(['startswith', 'endswith'])}({t.text})", BOOL)
        if k == 8:
            a = self.expr(self.pick([INT, FLOAT]), d + 1)
            b = self.expr(self.pick([INT, FLOAT]), d + 1)
            c = self.expr(self.pick([INT, FLOAT]), d + 1)
            return Expr(f"({a.text} < {b.text} <= {c.text})", BOOL)
        return Expr("True", BOOL)

    def e_str(self, d, leaf):
        if leaf:
            return Expr(repr(self.pick(STRS)), STR)
        k = self.r.randrange(14)
        if k <= 1:
            a, b = self.expr(STR, d + 1), self.expr(STR, d + 1)
            return Expr(f"({a.text} + {b.text})", STR)
        if k == 2:
            a = self.expr(STR, d + 1)
            return Expr(f"({a.text} * {self.r.randrange(-1, 4)})", STR)
        if k == 3:
            a = self.expr(STR, d + 1)
            return Expr(f"{a.text}[{self.slice(d)}]", STR)
        if k == 4:
            a = self.expr(STR, d + 1)
            return Expr(f"{a.text}.{self.pick(STR_METHODS0)}()", STR)
        if k == 5:
            a, b, c = self.expr(STR, d + 1), self.expr(STR, d + 1), self.expr(STR, d + 1)
            return Expr(f"{a.text}.replace({b.text}, {c.text})", STR)
        if k == 6:
            a, w = self.expr(STR, d + 1), self.r.randrange(0, 12)
            m = self.pick(["zfill(%d)", "center(%d)", "ljust(%d, '.')", "rjust(%d, '*')", "center(%d, '-')"])
            return Expr(f"{a.text}.{m % w}", STR)
        if k == 7:
            sep, xs = self.expr(STR, d + 1), self.expr(LSTR, d + 1)
            return Expr(f"{sep.text}.join({xs.text})", STR)
        if k == 8:
            t = self.pick([INT, FLOAT, BOOL, LINT, LSTR, DSI, SINT, TUP, STR])
            return Expr(f"{self.pick(['str', 'repr'])}({self.expr(t, d + 1).text})", STR)
        if k <= 10:
            return Expr(self.fstring(d), STR)
        if k == 11:
            i = self.expr(INT, d + 1)
            return Expr(f"chr(65 + ({i.text}) % 58)", STR)
        if k == 12:
            i, s = self.expr(INT, d + 1), self.expr(STR, d + 1)
            f = self.expr(FLOAT, d + 1)
            return Expr(f"({self.pick(['%d|%s|%.3f', '%5d %r %g', '%x-%s-%e'])!r} % ({i.text}, {s.text}, {f.text}))", STR)
        if k == 13 and self.klasses:
            o = self.obj(d)
            if o:
                return Expr(self.pick([f"{o}.s", f"repr({o})", f"{o}.label()"]), STR)
        return Expr(repr(self.pick(STRS)), STR)

    def fstring(self, d):
        parts = []
        for _ in range(self.r.randrange(1, 4)):
            parts.append(self.pick(["", "x=", " | ", "[", "] ", "é:"]))
            t = self.pick([INT, FLOAT, STR, INT, FLOAT, LINT, BOOL])
            e = self.expr(t, d + 2).text
            if t == INT:
                spec = self.pick(FSPEC_INT)
            elif t == FLOAT:
                spec = self.pick(FSPEC_FLOAT)
            elif t == STR:
                spec = self.pick(FSPEC_STR)
            else:
                spec = ""
            conv = self.pick(["", "", "!r"]) if t in (STR, LINT) else ""
            if any(c in e for c in '"\\{}:!'):
                v = self.fresh(t)
                # f-strings may not hold backslashes or the quote in 3.11: use a variable
                self.pre.append(f"{v} = {e}")
                e = v
            parts.append("{" + e + conv + (":" + spec if spec else "") + "}")
        return 'f"' + "".join(parts).replace('"', "'") + '"'

    def slice(self, d):
        a = self.expr(INT, d + 2).text if self.chance(0.6) else ""
        b = self.expr(INT, d + 2).text if self.chance(0.6) else ""
        if self.chance(0.3):
            st = self.pick(["-1", "2", "-2", "3"] + (["0"] if self.in_try else []))
            return f"{a}:{b}:{st}"
        return f"{a}:{b}"

    def e_list_int(self, d, leaf):
        if leaf:
            return Expr("[" + ", ".join(self.int_lit().text for _ in range(self.r.randrange(0, 5))) + "]", LINT)
        k = self.r.randrange(9)
        if k == 0:
            a = self.expr(INT, d + 1)
            return Expr(f"list(range(({a.text}) % 7, {self.r.randrange(-3, 12)}, {self.pick(['1', '2', '-1', '3'])}))", LINT)
        if k == 1:
            xs = self.expr(self.pick([LINT, SINT]), d + 1)
            c = self.expr(INT, d + 2)
            e = self.clamp(Expr(f"v * {c.text} + 1", INT, BOUND * c.bound + 1))
            cond = self.pick(["", " if v % 2 == 0", " if v > 0", f" if v != {c.text}"])
            return Expr(f"[{e.text} for v in {xs.text}{cond}]", LINT)
        if k == 2:
            xs = self.expr(self.pick([LINT, SINT]), d + 1)
            return Expr(self.pick([f"sorted({xs.text})", f"sorted({xs.text}, reverse=True)", f"list({xs.text})"]), LINT)
        if k == 3:
            a, b = self.expr(LINT, d + 1), self.expr(LINT, d + 1)
            return Expr(f"({a.text} + {b.text})", LINT)
        if k == 4:
            a = self.expr(LINT, d + 1)
            return Expr(f"{a.text}[{self.slice(d)}]", LINT)
        if k == 5:
            a = self.expr(LINT, d + 1)
            return Expr(f"({a.text} * {self.r.randrange(0, 3)})", LINT)
        if k == 6:
            xs = self.expr(LSTR, d + 1)
            return Expr(f"[len(w) for w in {xs.text}]", LINT)
        if k == 7:
            dd = self.expr(DSI, d + 1)
            return Expr(f"list({dd.text}.values())", LINT)
        if k == 8:
            s = self.expr(STR, d + 1)
            return Expr(f"[ord(ch) % 97 for ch in {s.text}]", LINT)
        return Expr("[]", LINT)

    def e_list_str(self, d, leaf):
        if leaf:
            return Expr("[" + ", ".join(repr(self.pick(STRS)) for _ in range(self.r.randrange(0, 4))) + "]", LSTR)
        k = self.r.randrange(7)
        if k == 0:
            s = self.expr(STR, d + 1)
            return Expr(self.pick([f"{s.text}.split()", f"{s.text}.split(',')", f"{s.text}.split('-', 1)",
                                   f"{s.text}.rsplit(' ', 1)", f"{s.text}.splitlines()", f"list({s.text})",
                                   f"{s.text}.partition(' ')[::2]" if False else f"{s.text}.split('a')"]), LSTR)
        if k == 1:
            xs = self.expr(LINT, d + 1)
            return Expr(f"[str(v) for v in {xs.text}]", LSTR)
        if k == 2:
            xs = self.expr(LSTR, d + 1)
            return Expr(self.pick([f"sorted({xs.text})", f"sorted({xs.text}, key=len)", f"{xs.text}[::-1]",
                                   f"[w.upper() for w in {xs.text} if w]"]), LSTR)
        if k == 3:
            dd = self.expr(DSI, d + 1)
            return Expr(f"list({dd.text})", LSTR)
        if k == 4:
            a, b = self.expr(LSTR, d + 1), self.expr(LSTR, d + 1)
            return Expr(f"({a.text} + {b.text})", LSTR)
        if k == 5:
            xs = self.expr(LSTR, d + 1)
            return Expr(f"{xs.text}[{self.slice(d)}]", LSTR)
        return Expr(f"[{self.expr(STR, d + 1).text}]", LSTR)

    def e_dict_str_int(self, d, leaf):
        if leaf:
            items = [f"{repr(self.pick(STRS))}: {self.int_lit().text}" for _ in range(self.r.randrange(0, 4))]
            return Expr("{" + ", ".join(items) + "}", DSI)
        k = self.r.randrange(4)
        if k == 0:
            xs = self.expr(LSTR, d + 1)
            return Expr(f"{{w: len(w) for w in {xs.text}}}", DSI)
        if k == 1:
            xs, ys = self.expr(LSTR, d + 1), self.expr(LINT, d + 1)
            return Expr(f"dict(zip({xs.text}, {ys.text}))", DSI)
        if k == 2:
            xs = self.expr(LINT, d + 1)
            return Expr(f"{{str(v): i for i, v in enumerate({xs.text})}}", DSI)
        dd = self.expr(DSI, d + 1)
        return Expr(f"dict({dd.text})", DSI)

    def e_set_int(self, d, leaf):
        if leaf:
            n = self.r.randrange(0, 5)
            if n == 0:
                return Expr("set()", SINT)
            return Expr("{" + ", ".join(self.int_lit().text for _ in range(n)) + "}", SINT)
        k = self.r.randrange(3)
        if k == 0:
            return Expr(f"set({self.expr(LINT, d + 1).text})", SINT)
        if k == 1:
            a, b = self.expr(SINT, d + 1), self.expr(SINT, d + 1)
            return Expr(f"({a.text} {self.pick(['|', '&', '-', '^'])} {b.text})", SINT)
        xs = self.expr(LINT, d + 1)
        return Expr(f"{{v % {self.r.randrange(2, 9)} for v in {xs.text}}}", SINT)

    def e_tuple_int_str(self, d, leaf):
        a = self.clamp(self.expr(INT, d + 1))
        return Expr(f"({a.text}, {self.expr(STR, d + 1).text})", TUP)

    def call(self, f, d):
        args = []
        for _, t in f.params:
            e = self.expr(t, d + 1)
            if t == INT:
                e = self.clamp(e)
            args.append(e.text)
        return f"{f.name}({', '.join(args)})"

    # ---- statements ----------------------------------------------------------------
    def flush_pre(self):
        for p in self.pre:
            self.emit(p)
        self.pre = []

    def stmt_line(self, text):
        """Emit text after the helper assignments its expressions needed."""
        self.flush_pre()
        self.emit(text)

    def assign(self, name=None, ty=None):
        ty = ty or self.pick(TYPES)
        e = self.expr(ty)
        if ty == INT:
            e = self.clamp(e)
        if ty == STR and self.in_loop:
            e = Expr(f"({e.text})[:40]", STR)
        if ty in (LINT, LSTR) and self.in_loop:
            e = Expr(f"({e.text})[:30]", ty)
        if name is None:
            name = self.fresh(ty)
            if self.in_loop or self.depth > self.base_depth:
                # a name first bound in a branch or loop could be unbound after it: keep it local
                self.stmt_line(f"{name} = {e.text}")
                self.vars.setdefault(name, None)
                self.vars.pop(name)
                self.scoped.append((name, ty))
                return
            self.vars[name] = ty
        self.stmt_line(f"{name} = {e.text}")

    def print_stmt(self):
        names = list(self.vars) + [n for n, _ in self.scoped]
        if names and self.chance(0.7):
            ns = self.r.sample(names, min(len(names), self.r.randrange(1, 4)))
            if self.chance(0.3):
                self.stmt_line(f"print({', '.join(ns)}, sep={self.pick([repr(', '), repr(''), repr(' | ')])})")
            else:
                self.stmt_line(f"print({', '.join(ns)})")
        else:
            t = self.pick(TYPES)
            self.stmt_line(f"print({self.expr(t).text})")

    def mutate(self):
        ty = self.pick([LINT, LSTR, DSI, SINT, INT, STR, FLOAT])
        names = self.vars_of(ty)
        if not names:
            return self.assign(ty=ty)
        n = self.pick(names)
        if ty == INT:
            e = self.expr(INT, 1)
            op = self.pick(["+", "-", "*", "//", "%"])
            if op in ("//", "%"):
                e = self.divisor(1)
            if op == "*" and e.bound * BOUND >= LIMIT:
                op = "+"
            self.stmt_line(f"{n} {op}= {e.text}")
            self.stmt_line(f"{n} %= {MOD}" if self.chance(0.7) else f"{n} = {n} % {MOD}")
        elif ty == FLOAT:
            self.stmt_line(f"{n} {self.pick(['+', '-', '*'])}= {self.expr(self.pick([FLOAT, INT]), 1).text}")
        elif ty == STR:
            self.stmt_line(f"{n} += {self.expr(STR, 1).text}")
            self.stmt_line(f"{n} = {n}[-{self.r.randrange(5, 40)}:]")
        elif ty == LINT:
            k = self.r.randrange(9)
            v = self.clamp(self.expr(INT, 1)).text
            if k == 0:
                self.stmt_line(f"{n}.append({v})")
            elif k == 1:
                self.stmt_line(f"{n}.insert({self.expr(INT, 1).text}, {v})")
            elif k == 2 and (self.in_try or True):
                if self.in_try:
                    self.stmt_line(f"print({n}.pop())")
                else:
                    self.stmt_line(f"if {n}:")
                    self.depth += 1
                    self.stmt_line(f"print({n}.pop({self.pick(['', '0', '-1'])}))")
                    self.depth -= 1
            elif k == 3:
                self.stmt_line(f"{n}.{self.pick(['sort()', 'reverse()', 'sort(reverse=True)'])}")
            elif k == 4:
                if self.in_try:
                    self.stmt_line(f"{n}[{self.index(1, n)}] = {v}")
                else:
                    self.stmt_line(f"if {n}:")
                    self.depth += 1
                    self.stmt_line(f"{n}[{self.index(1, n)}] = {v}")
                    self.depth -= 1
            elif k == 5:
                if self.in_try:
                    self.stmt_line(f"{n}.remove({v})")
                else:
                    self.stmt_line(f"{n}.extend([{v}, {self.int_lit().text}])")
            elif k == 6 and self.in_try:
                self.stmt_line(f"del {n}[{self.expr(INT, 1).text}]")
            elif k == 7:
                sl = self.slice(1) if self.in_try else f"{self.expr(INT, 2).text}:{self.expr(INT, 2).text}"
                self.stmt_line(f"{n}[{sl}] = [{v}]")
            else:
                self.stmt_line(f"{n} += [{v}]")
        elif ty == LSTR:
            e = self.expr(STR, 1).text
            self.stmt_line(self.pick([f"{n}.append({e})", f"{n}.insert(0, {e})", f"{n}.sort()",
                                      f"{n}.extend({e}.split())"]))
        elif ty == DSI:
            k, v = self.expr(STR, 1).text, self.clamp(self.expr(INT, 1)).text
            c = self.r.randrange(6)
            if c <= 1:
                self.stmt_line(f"{n}[{k}] = {v}")
            elif c == 2:
                self.stmt_line(f"{n}[{k}] = {n}.get({k}, 0) + 1")
            elif c == 3:
                if self.in_try:
                    self.stmt_line(self.pick([f"del {n}[{k}]", f"print({n}.pop({k}))"]))
                else:
                    self.stmt_line(f"print({n}.pop({k}, {v}))")
            elif c == 4:
                self.stmt_line(f"print({n}.setdefault({k}, {v}))")
            else:
                self.stmt_line(f"{n}.update({self.expr(DSI, 1).text})")
        elif ty == SINT:
            v = self.clamp(self.expr(INT, 1)).text
            m = self.pick(["add", "discard"] + (["remove"] if self.in_try else []))
            self.stmt_line(f"{n}.{m}({v})")

    def if_stmt(self):
        self.stmt_line(f"if {self.expr(BOOL).text}:")
        self.block()
        while self.chance(0.3):
            self.stmt_line(f"elif {self.expr(BOOL).text}:")
            self.block()
        if self.chance(0.5):
            self.stmt_line("else:")
            self.block()

    def loop_stmt(self):
        k = self.r.randrange(6)
        self.nvar += 1
        i = f"i{self.nvar}"
        if k == 0:
            self.stmt_line(f"for {i} in range({self.r.randrange(-2, 3)}, {self.r.randrange(0, 9)}):")
            loopvars = [(i, INT)]
        elif k == 1:
            xs = self.expr(LINT, 1).text
            self.stmt_line(f"for {i} in {xs}[:]:")  # a copy: the body may append to xs
            loopvars = [(i, INT)]
        elif k == 2:
            s = self.expr(STR, 1).text
            self.stmt_line(f"for {i} in {s}:")
            loopvars = [(i, STR)]
        elif k == 3:
            dd = self.expr(DSI, 1).text
            self.stmt_line(f"for {i}, {i}v in {dd}.items():")
            loopvars = [(i, STR), (f"{i}v", INT)]
        elif k == 4:
            xs = self.expr(LSTR, 1).text
            self.stmt_line(f"for {i}n, {i} in enumerate(list({xs})):")
            loopvars = [(i, STR), (f"{i}n", INT)]
        else:
            self.stmt_line(f"{i} = 0")
            self.stmt_line(f"while {i} < {self.r.randrange(0, 7)}:")
            self.depth += 1
            self.emit(f"{i} += 1")
            self.depth -= 1
            loopvars = []
        saved = dict(self.vars)
        for n, t in loopvars:
            self.vars[n] = t
        self.in_loop += 1
        self.block(extra=lambda: self.loop_exit())
        self.in_loop -= 1
        self.vars = saved
        if k != 5:
            self.scoped.extend(loopvars[:0])
        if self.chance(0.2):
            self.stmt_line("else:")
            self.block()

    def loop_exit(self):
        if self.chance(0.4):
            self.stmt_line(f"if {self.expr(BOOL, 1).text}:")
            self.depth += 1
            self.stmt_line(self.pick(["break", "continue"]))
            self.depth -= 1

    def try_stmt(self):
        self.stmt_line("try:")
        self.in_try += 1
        self.block()
        self.in_try -= 1
        excs = self.r.sample(EXC, self.r.randrange(1, 4))
        for e in excs:
            if self.chance(0.2) and len(excs) > 1:
                self.stmt_line(f"except ({e}, {self.pick([x for x in EXC if x != e])}) as err:")
            else:
                self.stmt_line(f"except {e} as err:")
            self.depth += 1
            self.stmt_line(self.pick(["print(type(err).__name__, err)", "print('caught', repr(err))",
                                      "print(f'{type(err).__name__}: {err}')", "print(err.args)"]))
            self.depth -= 1
        if self.chance(0.3):
            self.stmt_line("except Exception as err:")
            self.depth += 1
            self.stmt_line("print('other', type(err).__name__, err)")
            self.depth -= 1
        if self.chance(0.25):
            self.stmt_line("else:")
            self.block()
        if self.chance(0.3):
            self.stmt_line("finally:")
            self.depth += 1
            self.stmt_line(f"print('finally', {self.r.randrange(100)})")
            self.depth -= 1

    def raise_stmt(self):
        e = self.pick(["ValueError", "KeyError", "IndexError", "ZeroDivisionError"])
        self.stmt_line(f"if {self.expr(BOOL, 1).text}:")
        self.depth += 1
        self.stmt_line(f"raise {e}({self.expr(STR, 2).text})")
        self.depth -= 1

    def call_stmt(self):
        fs = self.funcs
        if not fs:
            return self.print_stmt()
        f = self.pick(fs)
        self.stmt_line(f"print({self.call(f, 1)})")

    def method_stmt(self):
        o = self.obj(0)
        if not o:
            return self.print_stmt()
        k = self.r.randrange(3)
        if k == 0:
            self.stmt_line(f"print({o}.bump({self.clamp(self.expr(INT, 1)).text}))")
        elif k == 1:
            self.stmt_line(f"{o}.s = {o}.s[-8:] + {self.expr(STR, 2).text}")
        else:
            self.stmt_line(f"print({o}, {o}.label())")

    def statement(self):
        self.budget -= 1
        k = self.r.randrange(20)
        if k <= 3:
            self.assign()
        elif k <= 5:
            ty = self.pick(TYPES)
            names = self.vars_of(ty)
            self.assign(self.pick(names), ty) if names else self.assign(ty=ty)
        elif k <= 8:
            self.mutate()
        elif k <= 10:
            self.print_stmt()
        elif k == 11 and self.depth < 4:
            self.if_stmt()
        elif k == 12 and self.depth < 4 and self.in_loop < 2:
            self.loop_stmt()
        elif k == 13 and self.depth < 4:
            self.try_stmt()
        elif k == 14 and self.in_try:
            self.raise_stmt()
        elif k == 15:
            self.call_stmt()
        elif k == 16:
            self.method_stmt()
        else:
            self.print_stmt()

    def block(self, extra=None):
        """An indented block of one to four statements."""
        self.depth += 1
        saved_scoped = len(self.scoped)
        n = self.r.randrange(1, 4)
        start = len(self.lines)
        for _ in range(n):
            if self.budget <= 0 and len(self.lines) > start:
                break
            self.statement()
            if extra and self.chance(0.5):
                extra()
        del self.scoped[saved_scoped:]
        self.depth -= 1

    # ---- top level ------------------------------------------------------------------
    def klass(self):
        name = f"{self.prefix}K{len(self.klasses)}"
        self.emit(f"class {name}:")
        self.depth += 1
        self.emit("def __init__(self, n: int, s: str) -> None:")
        self.emit("    self.n = n")
        self.emit("    self.s = s")
        self.emit("    self.hist: list[int] = []")
        self.emit("")
        self.emit("def bump(self, d: int) -> int:")
        self.emit(f"    self.n = (self.n + d) % {self.r.randrange(5, 1000)}")
        self.emit("    self.hist.append(self.n)")
        self.emit("    if self.n % 5 == 3:")
        self.emit(f"        raise ValueError(f'bad {{self.n}}')" if self.chance(0.1) else "        self.s = self.s[::-1]")
        self.emit("    return self.n")
        self.emit("")
        self.emit("def label(self) -> str:")
        self.emit(f"    return f'{{self.s}}#{{self.n:{self.pick(['', '03d', 'x', '>4'])}}}'")
        self.emit("")
        self.emit("def __repr__(self) -> str:")
        self.emit(f"    return f'{name}({{self.n}}, {{self.s!r}}, {{self.hist}})'")
        self.depth -= 1
        self.emit("")
        self.emit("")
        self.klasses.append(Klass(name))

    def function(self, main=False):
        if main:
            name, params, ret = f"{self.prefix}main", [], None
        else:
            name = f"{self.prefix}f{len(self.funcs)}"
            params = [(f"p{j}", self.pick([INT, INT, FLOAT, STR, LINT, LSTR, DSI])) for j in range(self.r.randrange(1, 4))]
            ret = self.pick([INT, INT, STR, FLOAT, BOOL, LINT])
        sig = ", ".join(f"{n}: {t}" for n, t in params)
        self.emit(f"def {name}({sig}) -> {ret or 'None'}:")
        self.vars = dict(params)
        self.scoped = []
        self.pre = []
        self.depth = 1
        self.base_depth = 1
        self.budget = self.r.randrange(15, 40) if main else self.r.randrange(3, 9)
        if main:
            for ty in (INT, STR, LINT, DSI, FLOAT):
                self.assign(ty=ty)
            for k in self.klasses:
                o = self.fresh(k.name)
                self.stmt_line(f"{o} = {k.name}({self.clamp(self.expr(INT, 1)).text}, {self.expr(STR, 2).text})")
                self.vars[o] = k.name
        while self.budget > 0:
            self.statement()
        if main:
            self.print_stmt()
            self.stmt_line(f"print({', '.join(n for n in self.vars)})")
        else:
            e = self.expr(ret)
            if ret == INT:
                e = self.clamp(e)
            if ret == LINT:
                e = Expr(f"({e.text})[:20]", LINT)
            self.stmt_line(f"return {e.text}")
        self.depth = 0
        self.emit("")
        self.emit("")
        if not main:
            self.funcs.append(Func(name, params, ret))
        return name

    def recursive(self):
        """A small recursive function, called with a bounded depth."""
        name = f"{self.prefix}f{len(self.funcs)}"
        self.emit(f"def {name}(n: int, acc: int) -> int:")
        self.emit("    if n <= 0:")
        self.emit("        return acc")
        self.emit(f"    return {name}(min(n, 40) - 1, (acc * {self.r.randrange(2, 9)} + n) % {MOD})")
        self.emit("")
        self.emit("")
        f = Func(name, [("n", INT), ("acc", INT)], INT)
        f.name = name
        self.funcs.append(f)
        # calls pass n modulo 60 so the depth stays small
        self.funcs[-1] = Func(name, [("n", INT), ("acc", INT)], INT)

    def generate(self):
        """(the definitions' lines, the name of the main function)."""
        for _ in range(self.r.randrange(0, 3)):
            self.klass()
        if self.chance(0.4):
            self.recursive()
        for _ in range(self.r.randrange(0, 4)):
            self.function()
        main = self.function(main=True)
        return self.lines, main


def parts(seed, prefix=""):
    g = Gen(seed, prefix)
    lines, main = g.generate()
    return ["import math", "", ""] + lines, main


def program(seed):
    """One standalone program."""
    lines, main = parts(seed)
    return f"# difffuzz program, seed {seed}\n" + "\n".join(lines) + f"\n{main}()\n"


def batch(seeds):
    """Several programs in one file; `python3 FILE I` runs the I-th (0-based)."""
    out = ["import math", "import sys", ""]
    mains = []
    for i, s in enumerate(seeds):
        lines, main = parts(s, f"q{i}_")
        out += [f"# seed {s}"] + lines[3:]
        mains.append(main)
    out.append("_which = int(sys.argv[1])")
    for i, m in enumerate(mains):
        out.append(f"{'if' if i == 0 else 'elif'} _which == {i}:")
        out.append(f"    {m}()")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(program(int(sys.argv[1]) if len(sys.argv) > 1 else 0), end="")
