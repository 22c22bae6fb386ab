"""kiln.chat_template: the Jinja subset that chat templates use, rendered as
Hugging Face's apply_chat_template renders them (jinja2 with trim_blocks
and lstrip_blocks, the loopcontrols extension, raise_exception, a tojson
that keeps non-ASCII characters).

Written in Python so that kiln compiles it with the program: a template is
lexed and parsed once into a tree of Node objects (Template(source)), then
rendered by walking the tree with values of one class, Val, which holds
whatever a Jinja value can be (undefined, none, bool, int, float, str, list,
dict, namespace). Supported: {{ }}, {% %}, {# #} with '-' and '+'
whitespace control; if/elif/else, for (tuple targets, an 'if' filter,
else, loop.index/index0/first/last/length/revindex/revindex0, break,
continue), set (names, namespace attributes, and {% set x %} blocks),
macros (defaults, keyword arguments); literals, names, attributes and
items, slices, calls, filters (with select/reject/selectattr/rejectattr/
map over lists), tests, arithmetic, ~, and/or/not, comparisons, in,
conditional expressions. What is outside the subset is
refused at parse time with the template line.
"""
import json

UNDEF = 0
NONE = 1
BOOL = 2
INT = 3
FLOAT = 4
STR = 5
LIST = 6
DICT = 7
NS = 8
MACRO = 9


class TemplateError(Exception):
    pass


class Val:
    """A Jinja value. Lists and dicts are shared by reference, as Python's."""

    def __init__(self, kind: int):
        self.kind = kind
        self.b = False
        self.i = 0
        self.f = 0.0
        self.s = ""  # a str, or an undefined value's name
        self.items: list["Val"] = []
        self.keys: dict[str, "Val"] = {}


def v_str(s: str) -> Val:
    v = Val(STR)
    v.s = s
    return v


def v_int(i: int) -> Val:
    v = Val(INT)
    v.i = i
    return v


def v_float(f: float) -> Val:
    v = Val(FLOAT)
    v.f = f
    return v


def v_bool(b: bool) -> Val:
    v = Val(BOOL)
    v.b = b
    return v


def v_undef(name: str) -> Val:
    v = Val(UNDEF)
    v.s = name
    return v


def v_list(items: list[Val]) -> Val:
    v = Val(LIST)
    v.items = items
    return v


KIND_NAMES = ["Undefined", "NoneType", "bool", "int", "float", "str", "list", "dict", "Namespace", "Macro"]


def truthy(v: Val) -> bool:
    k = v.kind
    if k == UNDEF or k == NONE:
        return False
    if k == BOOL:
        return v.b
    if k == INT:
        return v.i != 0
    if k == FLOAT:
        return v.f != 0.0
    if k == STR:
        return len(v.s) > 0
    if k == LIST:
        return len(v.items) > 0
    if k == DICT:
        return len(v.keys) > 0
    return True


def py_repr(v: Val) -> str:
    """repr() of the Python value, as a list or dict prints its items."""
    if v.kind == STR:
        return repr(v.s)
    return to_str(v)


def to_str(v: Val) -> str:
    """str() of the Python value; undefined prints as nothing."""
    k = v.kind
    if k == STR:
        return v.s
    if k == UNDEF:
        return ""
    if k == NONE:
        return "None"
    if k == BOOL:
        return "True" if v.b else "False"
    if k == INT:
        return str(v.i)
    if k == FLOAT:
        return repr(v.f)
    if k == LIST:
        return "[" + ", ".join([py_repr(x) for x in v.items]) + "]"
    if k == DICT:
        return "{" + ", ".join([repr(key) + ": " + py_repr(v.keys[key]) for key in v.keys]) + "}"
    return "<Namespace>"


def to_json(v: Val, indent: int, level: int) -> str:
    """json.dumps(value, ensure_ascii=False), with indent when >= 0."""
    k = v.kind
    if k == STR:
        return json.dumps(v.s, ensure_ascii=False)
    if k == NONE or k == UNDEF:
        return "null"
    if k == BOOL:
        return "true" if v.b else "false"
    if k == INT:
        return str(v.i)
    if k == FLOAT:
        return repr(v.f)
    parts: list[str] = []
    if k == LIST:
        for x in v.items:
            parts.append(to_json(x, indent, level + 1))
        open_, close = "[", "]"
    else:
        for key in v.keys:
            parts.append(json.dumps(key, ensure_ascii=False) + ": " + to_json(v.keys[key], indent, level + 1))
        open_, close = "{", "}"
    if len(parts) == 0:
        return open_ + close
    if indent < 0:
        return open_ + ", ".join(parts) + close
    pad = "\n" + " " * (indent * (level + 1))
    return open_ + pad + ("," + pad).join(parts) + "\n" + " " * (indent * level) + close


def equal(a: Val, b: Val) -> bool:
    ka, kb = a.kind, b.kind
    if (ka == INT or ka == FLOAT or ka == BOOL) and (kb == INT or kb == FLOAT or kb == BOOL):
        return num(a) == num(b)
    if ka != kb:
        return False
    if ka == STR:
        return a.s == b.s
    if ka == NONE or ka == UNDEF:
        return True
    if ka == LIST:
        if len(a.items) != len(b.items):
            return False
        for i in range(len(a.items)):
            if not equal(a.items[i], b.items[i]):
                return False
        return True
    if ka == DICT:
        if len(a.keys) != len(b.keys):
            return False
        for key in a.keys:
            if key not in b.keys or not equal(a.keys[key], b.keys[key]):
                return False
        return True
    return a is b


def num(v: Val) -> float:
    if v.kind == INT:
        return float(v.i)
    if v.kind == BOOL:
        return 1.0 if v.b else 0.0
    return v.f


class Node:
    """A statement or expression of the template. kind says which; the other
    fields are its parts (per-kind notes in Parser)."""

    def __init__(self, kind: str, line: int):
        self.kind = kind
        self.line = line
        self.s = ""
        self.flag = False
        self.val = Val(UNDEF)
        self.kids: list["Node"] = []
        self.names: list[str] = []
        self.body: list["Node"] = []
        self.orelse: list["Node"] = []


class Tok:
    def __init__(self, kind: str, text: str, line: int):
        self.kind = kind  # name, str, int, float, op, end
        self.text = text
        self.line = line


OPS3 = ["**=", "//="]
OPS2 = ["==", "!=", "<=", ">=", "//", "**"]
OPS1 = "+-*/%~|.,:()[]{}<>="


class Lexer:
    """Splits a template into data and tags, with Jinja's whitespace control,
    and each tag's inside into tokens."""

    def __init__(self, src: str):
        self.src = src
        self.pos = 0
        self.line = 1
        self.toks: list[Tok] = []

    def error(self, msg: str) -> TemplateError:
        return TemplateError(f"chat template:{self.line}: {msg}")

    def run(self) -> list[Tok]:
        src = self.src
        n = len(src)
        strip_next = False  # the tag before ended with '-'
        line_starting = True  # what came before ends a line (lstrip_blocks)
        while self.pos < n:
            at = self.find_tag(self.pos)
            end = n if at < 0 else at
            data = src[self.pos:end]
            if strip_next:
                kept = data.lstrip()
                if len(kept) < len(data):
                    line_starting = data[len(data) - len(kept) - 1] == "\n"
                data = kept
            strip_next = False
            if at >= 0:
                opener = src[at:at + 2]
                mod = src[at + 2:at + 3]
                if mod == "-":
                    data = data.rstrip()
                elif mod != "+" and opener != "{{":
                    # lstrip_blocks: spaces and tabs from a line's start to a block tag go
                    start = data.rfind("\n") + 1
                    if (start > 0 or line_starting) and data[start:].strip(" \t") == "":
                        data = data[:start]
            if len(data) > 0:
                self.toks.append(Tok("data", data, self.line))
            self.line += src.count("\n", self.pos, end)
            if at < 0:
                break
            opener = src[at:at + 2]
            self.pos = at + 2
            if src[self.pos:self.pos + 1] == "-" or src[self.pos:self.pos + 1] == "+":
                self.pos += 1
            if opener == "{#":
                close = src.find("#}", self.pos)
                if close < 0:
                    raise self.error("a comment is not closed")
                self.line += src.count("\n", self.pos, close)
                strip_next = src[close - 1:close] == "-"
                self.pos = close + 2
                line_starting = self.trim_newline(strip_next or src[close - 1:close] == "+")
                continue
            self.toks.append(Tok("open", opener, self.line))
            closer = "}}" if opener == "{{" else "%}"
            strip_next = self.tag_tokens(closer)
            self.toks.append(Tok("close", closer, self.line))
            line_starting = False
            if opener == "{%":
                line_starting = self.trim_newline(strip_next or src[self.pos - 3:self.pos - 2] == "+")
        self.toks.append(Tok("end", "", self.line))
        return self.toks

    def find_tag(self, start: int) -> int:
        best = -1
        for opener in ["{{", "{%", "{#"]:
            at = self.src.find(opener, start)
            if at >= 0 and (best < 0 or at < best):
                best = at
        return best

    def trim_newline(self, keep: bool) -> bool:
        """trim_blocks: the newline right after a block tag goes. True when
        one went."""
        if keep:
            return False
        if self.src[self.pos:self.pos + 1] == "\n":
            self.pos += 1
            self.line += 1
            return True
        if self.src[self.pos:self.pos + 2] == "\r\n":
            self.pos += 2
            self.line += 1
            return True
        return False

    def tag_tokens(self, closer: str) -> bool:
        """The tokens of one tag up to its closer; True when it ends with '-'."""
        src = self.src
        n = len(src)
        depth = 0  # open brackets: a closer inside them is not one ({{ {'a': {}} }})
        while True:
            while self.pos < n and src[self.pos] in " \t\r\n":
                if src[self.pos] == "\n":
                    self.line += 1
                self.pos += 1
            if self.pos >= n:
                raise self.error(f"a tag is not closed (expected '{closer}')")
            c = src[self.pos]
            if depth > 0:
                pass
            elif src.startswith("-" + closer, self.pos):
                self.pos += 3
                return True
            elif src.startswith("+" + closer, self.pos):
                self.pos += 3
                return False
            elif src.startswith(closer, self.pos):
                self.pos += 2
                return False
            if c == "'" or c == '"':
                self.toks.append(Tok("str", self.string(c), self.line))
            elif c.isdigit():
                start = self.pos
                while self.pos < n and (src[self.pos].isdigit() or src[self.pos] == "_"):
                    self.pos += 1
                if self.pos + 1 < n and src[self.pos] == "." and src[self.pos + 1].isdigit():
                    self.pos += 1
                    while self.pos < n and src[self.pos].isdigit():
                        self.pos += 1
                    self.toks.append(Tok("float", src[start:self.pos], self.line))
                else:
                    self.toks.append(Tok("int", src[start:self.pos], self.line))
            elif c.isalpha() or c == "_":
                start = self.pos
                while self.pos < n and (src[self.pos].isalnum() or src[self.pos] == "_"):
                    self.pos += 1
                self.toks.append(Tok("name", src[start:self.pos], self.line))
            else:
                two = src[self.pos:self.pos + 2]
                if two in OPS2:
                    self.toks.append(Tok("op", two, self.line))
                    self.pos += 2
                elif c in OPS1:
                    self.toks.append(Tok("op", c, self.line))
                    self.pos += 1
                    if c in "([{":
                        depth += 1
                    elif c in ")]}" and depth > 0:
                        depth -= 1
                else:
                    raise self.error(f"unexpected character {c!r}")

    def string(self, quote: str) -> str:
        src = self.src
        self.pos += 1
        out: list[str] = []
        while True:
            if self.pos >= len(src):
                raise self.error("a string is not closed")
            c = src[self.pos]
            if c == quote:
                self.pos += 1
                return "".join(out)
            if c == "\n":
                self.line += 1
            if c == "\\" and self.pos + 1 < len(src):
                e = src[self.pos + 1]
                self.pos += 2
                if e == "n":
                    out.append("\n")
                elif e == "t":
                    out.append("\t")
                elif e == "r":
                    out.append("\r")
                elif e == "\\" or e == "'" or e == '"':
                    out.append(e)
                else:
                    out.append("\\" + e)
                continue
            out.append(c)
            self.pos += 1


class Parser:
    """Recursive descent over the tokens. Statement nodes: text (s), out
    (kids[0]), if (kids[0] the test, body, orelse), for (names, kids[0] the
    iterable, kids[1] an optional filter, body, orelse), set (names[0], or
    s the namespace attribute, kids[0]), break, continue. Expressions:
    const (val), name (s), attr (kids[0], s), item (kids[0], kids[1]),
    slice (kids: value, start, stop; none nodes for the missing), call
    (kids[0] the callee, then positional args, then names' keyword args),
    filter (s, kids[0] the value, then args), test (s, flag negates, kids),
    bin (s the operator), and, or, not, neg, cond (kids: then, test, else),
    list, dict (keys and values alternate), tuple."""

    def __init__(self, toks: list[Tok]):
        self.toks = toks
        self.i = 0

    def peek(self) -> Tok:
        return self.toks[self.i]

    def next(self) -> Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def error(self, msg: str) -> TemplateError:
        return TemplateError(f"chat template:{self.peek().line}: {msg}")

    def is_op(self, text: str) -> bool:
        t = self.peek()
        return t.kind == "op" and t.text == text

    def is_name(self, text: str) -> bool:
        t = self.peek()
        return t.kind == "name" and t.text == text

    def expect_op(self, text: str) -> None:
        if not self.is_op(text):
            raise self.error(f"expected '{text}', found {self.describe()}")
        self.i += 1

    def expect_name(self) -> str:
        t = self.peek()
        if t.kind != "name":
            raise self.error(f"expected a name, found {self.describe()}")
        self.i += 1
        return t.text

    def describe(self) -> str:
        t = self.peek()
        if t.kind == "close":
            return f"the end of the tag '{t.text}'"
        if t.kind == "end":
            return "the end of the template"
        return repr(t.text)

    def expect_close(self) -> None:
        if self.peek().kind != "close":
            raise self.error(f"expected the end of the tag, found {self.describe()}")
        self.i += 1

    # template -> (data | {{ expr }} | {% stmt %})*
    def block(self, ends: list[str]) -> list[Node]:
        """Statements up to a {% tag %} named in ends (left unread) or the end."""
        out: list[Node] = []
        while True:
            t = self.peek()
            if t.kind == "end":
                if len(ends) > 0:
                    raise self.error(f"the template ends inside a block (expected {' or '.join(ends)})")
                return out
            if t.kind == "data":
                self.i += 1
                n = Node("text", t.line)
                n.s = t.text
                out.append(n)
            elif t.text == "{{":
                self.i += 1
                n = Node("out", t.line)
                n.kids.append(self.expr())
                self.expect_close()
                out.append(n)
            else:
                word = self.toks[self.i + 1]
                if word.kind == "name" and word.text in ends:
                    return out
                self.i += 1
                out.append(self.statement())

    def statement(self) -> Node:
        line = self.peek().line
        word = self.expect_name()
        if word == "if":
            return self.if_rest(line)
        if word == "for":
            n = Node("for", line)
            n.names.append(self.expect_name())
            while self.is_op(","):
                self.i += 1
                n.names.append(self.expect_name())
            if not self.is_name("in"):
                raise self.error(f"expected 'in', found {self.describe()}")
            self.i += 1
            n.kids.append(self.or_expr())
            if self.is_name("if"):
                self.i += 1
                n.kids.append(self.expr())
            if self.is_name("recursive"):
                raise self.error("recursive loops are not supported")
            self.expect_close()
            n.body = self.block(["else", "endfor"])
            if self.end_word() == "else":
                self.expect_close()
                n.orelse = self.block(["endfor"])
                self.end_word()
            self.expect_close()
            return n
        if word == "set":
            n = Node("set", line)
            name = self.expect_name()
            if self.is_op("."):
                self.i += 1
                n.s = self.expect_name()
            n.names.append(name)
            if n.s == "" and self.peek().kind == "close":  # {% set name %}...{% endset %}
                self.expect_close()
                n.kind = "setblock"
                n.body = self.block(["endset"])
                self.end_word()
                self.expect_close()
                return n
            if not self.is_op("="):
                raise self.error("only '{% set name = value %}' and set blocks are supported (not several targets)")
            self.i += 1
            n.kids.append(self.expr())
            self.expect_close()
            return n
        if word == "break" or word == "continue":
            self.expect_close()
            return Node(word, line)
        if word == "macro":  # {% macro name(a, b=default) %}...{% endmacro %}
            n = Node("macro", line)
            n.s = self.expect_name()
            self.expect_op("(")
            while not self.is_op(")"):
                n.names.append(self.expect_name())
                if self.is_op("="):
                    self.i += 1
                    n.kids.append(self.expr())
                else:
                    if len(n.kids) > 0:
                        raise self.error("a macro parameter without a default follows one with a default")
                    n.orelse.append(Node("nodefault", line))
                if not self.is_op(","):
                    break
                self.i += 1
            self.expect_op(")")
            self.expect_close()
            n.body = self.block(["endmacro"])
            self.end_word()
            self.expect_close()
            return n
        raise TemplateError(f"chat template:{line}: the '{word}' tag is not supported")

    def end_word(self) -> str:
        """Reads the name of a {% else %}/{% endX %} tag found by block()."""
        self.i += 1
        return self.expect_name()

    def if_rest(self, line: int) -> Node:
        n = Node("if", line)
        n.kids.append(self.expr())
        self.expect_close()
        n.body = self.block(["elif", "else", "endif"])
        word = self.end_word()
        if word == "elif":
            n.orelse.append(self.if_rest(self.peek().line))
            return n
        if word == "else":
            self.expect_close()
            n.orelse = self.block(["endif"])
            self.end_word()
        self.expect_close()
        return n

    # expr -> or_expr ('if' or_expr ('else' expr)?)?
    def expr(self) -> Node:
        e = self.or_expr()
        if self.is_name("if"):
            n = Node("cond", self.peek().line)
            self.i += 1
            n.kids.append(e)
            n.kids.append(self.or_expr())
            if self.is_name("else"):
                self.i += 1
                n.kids.append(self.expr())
            return n
        return e

    def or_expr(self) -> Node:
        e = self.and_expr()
        while self.is_name("or"):
            n = Node("or", self.next().line)
            n.kids.append(e)
            n.kids.append(self.and_expr())
            e = n
        return e

    def and_expr(self) -> Node:
        e = self.not_expr()
        while self.is_name("and"):
            n = Node("and", self.next().line)
            n.kids.append(e)
            n.kids.append(self.not_expr())
            e = n
        return e

    def not_expr(self) -> Node:
        if self.is_name("not"):
            n = Node("not", self.next().line)
            n.kids.append(self.not_expr())
            return n
        return self.compare()

    def compare(self) -> Node:
        e = self.arith()
        while True:
            t = self.peek()
            op = ""
            if t.kind == "op" and t.text in ["==", "!=", "<", ">", "<=", ">="]:
                op = t.text
                self.i += 1
            elif self.is_name("in"):
                op = "in"
                self.i += 1
            elif self.is_name("not") and self.toks[self.i + 1].kind == "name" and self.toks[self.i + 1].text == "in":
                op = "not in"
                self.i += 2
            else:
                return e
            n = Node("bin", t.line)
            n.s = op
            n.kids.append(e)
            n.kids.append(self.arith())
            e = n

    def arith(self) -> Node:
        e = self.term()
        while self.is_op("+") or self.is_op("-") or self.is_op("~"):
            t = self.next()
            n = Node("bin", t.line)
            n.s = t.text
            n.kids.append(e)
            n.kids.append(self.term())
            e = n
        return e

    def term(self) -> Node:
        e = self.unary()
        while self.is_op("*") or self.is_op("/") or self.is_op("//") or self.is_op("%"):
            t = self.next()
            n = Node("bin", t.line)
            n.s = t.text
            n.kids.append(e)
            n.kids.append(self.unary())
            e = n
        return e

    def unary(self) -> Node:
        if self.is_op("-"):
            n = Node("neg", self.next().line)
            n.kids.append(self.unary())
            return n
        if self.is_op("+"):
            self.i += 1
            return self.unary()
        return self.filtered()

    # filtered -> postfix ('|' name args? | 'is' 'not'? name args?)*
    def filtered(self) -> Node:
        e = self.postfix()
        while True:
            if self.is_op("|"):
                n = Node("filter", self.next().line)
                n.s = self.expect_name()
                n.kids.append(e)
                if self.is_op("("):
                    self.args(n)
                e = n
            elif self.is_name("is"):
                n = Node("test", self.next().line)
                if self.is_name("not"):
                    self.i += 1
                    n.flag = True
                n.s = self.expect_name()
                n.kids.append(e)
                if self.is_op("("):
                    self.args(n)
                elif self.peek().kind in ["str", "int", "float"] or self.is_name("none") or self.is_name("true") \
                        or self.is_name("false"):
                    n.kids.append(self.postfix())
                e = n
            else:
                return e

    def args(self, n: Node) -> None:
        """(a, b, k=v): positional args into kids, then keyword ones with names."""
        self.expect_op("(")
        while not self.is_op(")"):
            if self.peek().kind == "name" and self.toks[self.i + 1].kind == "op" and self.toks[self.i + 1].text == "=":
                n.names.append(self.next().text)
                self.i += 1
                n.kids.append(self.expr())
            else:
                if len(n.names) > 0:
                    raise self.error("a positional argument follows a keyword argument")
                n.kids.append(self.expr())
            if not self.is_op(","):
                break
            self.i += 1
        self.expect_op(")")

    def postfix(self) -> Node:
        e = self.primary()
        while True:
            if self.is_op("."):
                n = Node("attr", self.next().line)
                t = self.peek()
                if t.kind == "int":
                    self.i += 1
                    n = Node("item", t.line)
                    n.kids.append(e)
                    n.kids.append(const_node(v_int(int(t.text)), t.line))
                else:
                    n.s = self.expect_name()
                    n.kids.append(e)
                e = n
            elif self.is_op("["):
                line = self.next().line
                start = Node("none", line)
                if not self.is_op(":"):
                    start = self.expr()
                if self.is_op(":"):
                    self.i += 1
                    n = Node("slice", line)
                    n.kids.append(e)
                    n.kids.append(start)
                    stop = Node("none", line)
                    if not self.is_op("]"):
                        stop = self.expr()
                    n.kids.append(stop)
                    if self.is_op(":"):
                        raise self.error("slices with a step are not supported")
                else:
                    n = Node("item", line)
                    n.kids.append(e)
                    n.kids.append(start)
                self.expect_op("]")
                e = n
            elif self.is_op("("):
                n = Node("call", self.peek().line)
                n.kids.append(e)
                self.args(n)
                e = n
            else:
                return e

    def primary(self) -> Node:
        t = self.peek()
        if t.kind == "str":
            self.i += 1
            s = t.text
            while self.peek().kind == "str":  # adjacent literals join, as in Python
                s += self.next().text
            return const_node(v_str(s), t.line)
        if t.kind == "int":
            self.i += 1
            return const_node(v_int(int(t.text.replace("_", ""))), t.line)
        if t.kind == "float":
            self.i += 1
            return const_node(v_float(float(t.text)), t.line)
        if t.kind == "name":
            self.i += 1
            if t.text == "true" or t.text == "True":
                return const_node(v_bool(True), t.line)
            if t.text == "false" or t.text == "False":
                return const_node(v_bool(False), t.line)
            if t.text == "none" or t.text == "None":
                return const_node(Val(NONE), t.line)
            n = Node("name", t.line)
            n.s = t.text
            return n
        if self.is_op("("):
            self.i += 1
            if self.is_op(")"):
                self.i += 1
                return Node("tuple", t.line)
            e = self.expr()
            if self.is_op(","):
                n = Node("tuple", t.line)
                n.kids.append(e)
                while self.is_op(","):
                    self.i += 1
                    if self.is_op(")"):
                        break
                    n.kids.append(self.expr())
                e = n
            self.expect_op(")")
            return e
        if self.is_op("["):
            self.i += 1
            n = Node("list", t.line)
            while not self.is_op("]"):
                n.kids.append(self.expr())
                if not self.is_op(","):
                    break
                self.i += 1
            self.expect_op("]")
            return n
        if self.is_op("{"):
            self.i += 1
            n = Node("dict", t.line)
            while not self.is_op("}"):
                n.kids.append(self.expr())
                self.expect_op(":")
                n.kids.append(self.expr())
                if not self.is_op(","):
                    break
                self.i += 1
            self.expect_op("}")
            return n
        raise self.error(f"expected a value, found {self.describe()}")


def const_node(v: Val, line: int) -> Node:
    n = Node("const", line)
    n.val = v
    return n


BREAK = 1
CONTINUE = 2


class Renderer:
    """One rendering: the scopes (a for loop's body gets its own, as in
    Jinja, so a set inside it does not leak out) and the output."""

    def __init__(self, globals_: dict[str, Val]):
        self.scopes: list[dict[str, Val]] = [globals_]
        self.out: list[str] = []
        self.macros: dict[str, Node] = {}

    def capture(self, body: list[Node]) -> str:
        """What body renders, kept out of the output (set blocks, macro calls)."""
        saved = self.out
        self.out = []
        self.run(body)
        text = "".join(self.out)
        self.out = saved
        return text

    def call_macro(self, n: Node, m: Node) -> Val:
        """A macro call: its parameters bound in a new scope (positional
        arguments, then keyword ones, then defaults), its body's text the value."""
        npos = len(n.kids) - 1 - len(n.names)
        nparams = len(m.names)
        if npos > nparams:
            raise self.error(n, f"macro '{m.s}' takes not more than {nparams} argument(s)")
        scope: dict[str, Val] = {}
        for j in range(npos):
            scope[m.names[j]] = self.eval(n.kids[j + 1])
        for j in range(len(n.names)):
            if n.names[j] not in m.names:
                raise self.error(n, f"macro '{m.s}' takes no keyword argument '{n.names[j]}'")
            scope[n.names[j]] = self.eval(n.kids[1 + npos + j])
        first_default = nparams - len(m.kids)
        for j in range(nparams):
            name = m.names[j]
            if name not in scope:
                scope[name] = self.eval(m.kids[j - first_default]) if j >= first_default else v_undef(name)
        self.scopes.append(scope)
        text = self.capture(m.body)
        self.scopes.pop()
        return v_str(text)

    def error(self, n: Node, msg: str) -> TemplateError:
        return TemplateError(f"chat template:{n.line}: {msg}")

    def lookup(self, name: str) -> Val:
        for i in range(len(self.scopes) - 1, -1, -1):
            scope = self.scopes[i]
            if name in scope:
                return scope[name]
        return v_undef(name)

    def run(self, body: list[Node]) -> int:
        """Renders statements; BREAK or CONTINUE when one stops the loop body."""
        for n in body:
            k = n.kind
            if k == "text":
                self.out.append(n.s)
            elif k == "out":
                self.out.append(to_str(self.eval(n.kids[0])))
            elif k == "if":
                r = self.run(n.body) if truthy(self.eval(n.kids[0])) else self.run(n.orelse)
                if r != 0:
                    return r
            elif k == "for":
                self.run_for(n)
            elif k == "set":
                v = self.eval(n.kids[0])
                if n.s == "":
                    self.scopes[len(self.scopes) - 1][n.names[0]] = v
                else:
                    target = self.lookup(n.names[0])
                    if target.kind != NS:
                        raise self.error(n, f"cannot assign attribute on a {KIND_NAMES[target.kind]} "
                                            f"('{n.names[0]}' is not a namespace)")
                    target.keys[n.s] = v
            elif k == "setblock":
                self.scopes[len(self.scopes) - 1][n.names[0]] = v_str(self.capture(n.body))
            elif k == "macro":
                self.macros[n.s] = n
                m = Val(MACRO)
                m.s = n.s
                self.scopes[len(self.scopes) - 1][n.s] = m
            elif k == "break":
                return BREAK
            elif k == "continue":
                return CONTINUE
        return 0

    def run_for(self, n: Node) -> None:
        seq = self.eval(n.kids[0])
        items: list[Val] = []
        if seq.kind == LIST:
            items = list(seq.items)
        elif seq.kind == DICT:
            for key in seq.keys:
                items.append(v_str(key))
        elif seq.kind == STR:
            for c in seq.s:
                items.append(v_str(c))
        elif seq.kind != UNDEF:
            raise self.error(n, f"'{KIND_NAMES[seq.kind]}' object is not iterable")
        scope: dict[str, Val] = {}
        self.scopes.append(scope)
        if len(n.kids) > 1:  # {% for x in xs if test %}: loop over the items that pass
            kept: list[Val] = []
            for it in items:
                self.bind(n, scope, it)
                if truthy(self.eval(n.kids[1])):
                    kept.append(it)
            items = kept
        total = len(items)
        for i in range(total):
            scope.clear()
            self.bind(n, scope, items[i])
            loop = Val(DICT)
            loop.keys["index"] = v_int(i + 1)
            loop.keys["index0"] = v_int(i)
            loop.keys["revindex"] = v_int(total - i)
            loop.keys["revindex0"] = v_int(total - i - 1)
            loop.keys["first"] = v_bool(i == 0)
            loop.keys["last"] = v_bool(i == total - 1)
            loop.keys["length"] = v_int(total)
            loop.keys["previtem"] = items[i - 1] if i > 0 else v_undef("previtem")
            loop.keys["nextitem"] = items[i + 1] if i + 1 < total else v_undef("nextitem")
            scope["loop"] = loop
            if self.run(n.body) == BREAK:
                break
        self.scopes.pop()
        if total == 0:
            self.run(n.orelse)

    def bind(self, n: Node, scope: dict[str, Val], it: Val) -> None:
        if len(n.names) == 1:
            scope[n.names[0]] = it
            return
        parts: list[Val] = []
        if it.kind == LIST:
            parts = it.items
        if len(parts) != len(n.names):
            raise self.error(n, f"cannot unpack {KIND_NAMES[it.kind]} into {len(n.names)} names")
        for j in range(len(parts)):
            scope[n.names[j]] = parts[j]

    def eval(self, n: Node) -> Val:
        k = n.kind
        if k == "const":
            return n.val
        if k == "name":
            return self.lookup(n.s)
        if k == "none":
            return Val(NONE)
        if k == "attr" or k == "item":
            obj = self.eval(n.kids[0])
            key = v_str(n.s) if k == "attr" else self.eval(n.kids[1])
            return self.get_item(n, obj, key)
        if k == "slice":
            return self.slice(n)
        if k == "and":
            a = self.eval(n.kids[0])
            return self.eval(n.kids[1]) if truthy(a) else a
        if k == "or":
            a = self.eval(n.kids[0])
            return a if truthy(a) else self.eval(n.kids[1])
        if k == "not":
            return v_bool(not truthy(self.eval(n.kids[0])))
        if k == "neg":
            a = self.eval(n.kids[0])
            if a.kind == INT:
                return v_int(-a.i)
            if a.kind == FLOAT:
                return v_float(-a.f)
            raise self.error(n, f"bad operand type for unary -: '{KIND_NAMES[a.kind]}'")
        if k == "cond":
            if truthy(self.eval(n.kids[1])):
                return self.eval(n.kids[0])
            if len(n.kids) > 2:
                return self.eval(n.kids[2])
            return v_undef("")
        if k == "bin":
            return self.binary(n, n.s, self.eval(n.kids[0]), self.eval(n.kids[1]))
        if k == "list" or k == "tuple":
            items: list[Val] = []
            for kid in n.kids:
                items.append(self.eval(kid))
            return v_list(items)
        if k == "dict":
            d = Val(DICT)
            for j in range(0, len(n.kids), 2):
                key = self.eval(n.kids[j])
                if key.kind != STR:
                    raise self.error(n, "only str keys are supported in a dict literal")
                d.keys[key.s] = self.eval(n.kids[j + 1])
            return d
        if k == "filter":
            return self.filter(n)
        if k == "test":
            r = self.test(n)
            return v_bool(not r if n.flag else r)
        if k == "call":
            return self.call(n)
        raise self.error(n, f"cannot evaluate {k}")

    def get_item(self, n: Node, obj: Val, key: Val) -> Val:
        if obj.kind == DICT or obj.kind == NS:
            if key.kind == STR and key.s in obj.keys:
                return obj.keys[key.s]
            return v_undef(to_str(key))
        if obj.kind == LIST or obj.kind == STR:
            if key.kind == INT:
                size = len(obj.items) if obj.kind == LIST else len(obj.s)
                i = key.i + size if key.i < 0 else key.i
                if i < 0 or i >= size:
                    return v_undef(str(key.i))
                return obj.items[i] if obj.kind == LIST else v_str(obj.s[i])
            return v_undef(to_str(key))
        if obj.kind == UNDEF:
            raise self.error(n, f"'{obj.s}' is undefined" if obj.s != "" else "an undefined value has no items")
        return v_undef(to_str(key))

    def slice(self, n: Node) -> Val:
        obj = self.eval(n.kids[0])
        a = self.eval(n.kids[1])
        b = self.eval(n.kids[2])
        size = len(obj.items) if obj.kind == LIST else len(obj.s)
        if obj.kind != LIST and obj.kind != STR:
            raise self.error(n, f"'{KIND_NAMES[obj.kind]}' object is not subscriptable")
        lo = 0
        hi = size
        if a.kind == INT:
            lo = a.i
        elif a.kind != NONE:
            raise self.error(n, "slice indices must be integers or None")
        if b.kind == INT:
            hi = b.i
        elif b.kind != NONE:
            raise self.error(n, "slice indices must be integers or None")
        if obj.kind == LIST:
            return v_list(obj.items[lo:hi])
        return v_str(obj.s[lo:hi])

    def binary(self, n: Node, op: str, a: Val, b: Val) -> Val:
        if op == "~":
            return v_str(to_str(a) + to_str(b))
        if op == "==":
            return v_bool(equal(a, b))
        if op == "!=":
            return v_bool(not equal(a, b))
        if op == "in" or op == "not in":
            r = self.contains(n, b, a)
            return v_bool(r if op == "in" else not r)
        if a.kind == UNDEF or b.kind == UNDEF:
            name = a.s if a.kind == UNDEF else b.s
            raise self.error(n, f"'{name}' is undefined")
        isnum = (a.kind == INT or a.kind == FLOAT or a.kind == BOOL) and (b.kind == INT or b.kind == FLOAT or b.kind == BOOL)
        if op == "+":
            if a.kind == STR and b.kind == STR:
                return v_str(a.s + b.s)
            if a.kind == LIST and b.kind == LIST:
                return v_list(a.items + b.items)
        if op in ["<", ">", "<=", ">="]:
            if a.kind == STR and b.kind == STR:
                if op == "<":
                    return v_bool(a.s < b.s)
                if op == ">":
                    return v_bool(a.s > b.s)
                if op == "<=":
                    return v_bool(a.s <= b.s)
                return v_bool(a.s >= b.s)
            if isnum:
                x, y = num(a), num(b)
                if op == "<":
                    return v_bool(x < y)
                if op == ">":
                    return v_bool(x > y)
                if op == "<=":
                    return v_bool(x <= y)
                return v_bool(x >= y)
        if op == "*" and ((a.kind == STR and b.kind == INT) or (a.kind == INT and b.kind == STR)):
            return v_str(a.s * b.i if a.kind == STR else b.s * a.i)
        if isnum:
            if a.kind != FLOAT and b.kind != FLOAT and op != "/":
                x = a.i if a.kind == INT else int(a.b)
                y = b.i if b.kind == INT else int(b.b)
                if op == "+":
                    return v_int(x + y)
                if op == "-":
                    return v_int(x - y)
                if op == "*":
                    return v_int(x * y)
                if y == 0:
                    raise self.error(n, "integer division or modulo by zero")
                if op == "//":
                    return v_int(x // y)
                if op == "%":
                    return v_int(x % y)
            else:
                fx, fy = num(a), num(b)
                if op == "+":
                    return v_float(fx + fy)
                if op == "-":
                    return v_float(fx - fy)
                if op == "*":
                    return v_float(fx * fy)
                if fy == 0.0:
                    raise self.error(n, "division by zero")
                if op == "/":
                    return v_float(fx / fy)
                if op == "//":
                    return v_float(fx // fy)
                if op == "%":
                    return v_float(fx % fy)
        raise self.error(n, f"unsupported operand type(s) for {op}: '{KIND_NAMES[a.kind]}' and '{KIND_NAMES[b.kind]}'")

    def contains(self, n: Node, seq: Val, x: Val) -> bool:
        if seq.kind == STR:
            if x.kind != STR:
                raise self.error(n, "'in <string>' requires string as left operand")
            return x.s in seq.s
        if seq.kind == LIST:
            for it in seq.items:
                if equal(it, x):
                    return True
            return False
        if seq.kind == DICT or seq.kind == NS:
            return x.kind == STR and x.s in seq.keys
        if seq.kind == UNDEF:
            raise self.error(n, f"'{seq.s}' is undefined")
        raise self.error(n, f"argument of type '{KIND_NAMES[seq.kind]}' is not iterable")

    def arg(self, n: Node, i: int, name: str, default: Val) -> Val:
        """Argument i (after the value for a filter) or keyword name."""
        npos = len(n.kids) - len(n.names)
        for j in range(len(n.names)):
            if n.names[j] == name:
                return self.eval(n.kids[npos + j])
        if i < npos:
            return self.eval(n.kids[i])
        return default

    def filter(self, n: Node) -> Val:
        name = n.s
        v = self.eval(n.kids[0])
        if name == "trim":
            return v_str(to_str(v).strip())
        if name == "length" or name == "count":
            if v.kind == STR:
                return v_int(len(v.s))
            if v.kind == LIST:
                return v_int(len(v.items))
            if v.kind == DICT:
                return v_int(len(v.keys))
            raise self.error(n, f"object of type '{KIND_NAMES[v.kind]}' has no len()")
        if name == "upper":
            return v_str(to_str(v).upper())
        if name == "lower":
            return v_str(to_str(v).lower())
        if name == "capitalize":
            return v_str(to_str(v).capitalize())
        if name == "string":
            return v_str(to_str(v))
        if name == "int":
            if v.kind == INT:
                return v
            if v.kind == FLOAT:
                return v_int(int(v.f))
            if v.kind == BOOL:
                return v_int(int(v.b))
            return v_int(0)
        if name == "tojson":
            ind = self.arg(n, 1, "indent", Val(NONE))
            return v_str(to_json(v, ind.i if ind.kind == INT else -1, 0))
        if name == "join":
            sep = to_str(self.arg(n, 1, "d", v_str("")))
            if v.kind != LIST:
                raise self.error(n, "join needs a list")
            return v_str(sep.join([to_str(x) for x in v.items]))
        if name == "first" or name == "last":
            if v.kind == LIST:
                if len(v.items) == 0:
                    return v_undef(name)
                return v.items[0] if name == "first" else v.items[len(v.items) - 1]
            if v.kind == STR and len(v.s) > 0:
                return v_str(v.s[0] if name == "first" else v.s[len(v.s) - 1])
            return v_undef(name)
        if name == "default" or name == "d":
            dv = self.arg(n, 1, "default_value", v_str(""))
            boolean = truthy(self.arg(n, 2, "boolean", v_bool(False)))
            if v.kind == UNDEF or (boolean and not truthy(v)):
                return dv
            return v
        if name == "list":
            if v.kind == LIST:
                return v_list(list(v.items))
            if v.kind == STR:
                return v_list([v_str(c) for c in v.s])
            if v.kind == DICT:
                return v_list([v_str(key) for key in v.keys])
            raise self.error(n, f"'{KIND_NAMES[v.kind]}' object is not iterable")
        if name == "reverse":
            if v.kind == LIST:
                return v_list(v.items[::-1])
            return v_str(to_str(v)[::-1])
        if name == "replace":
            old = to_str(self.arg(n, 1, "old", v_str("")))
            new = to_str(self.arg(n, 2, "new", v_str("")))
            return v_str(to_str(v).replace(old, new))
        if name == "items":
            return self.dict_items(n, v)
        if name == "select" or name == "reject" or name == "selectattr" or name == "rejectattr":
            return self.select(n, name, v)
        if name == "map":
            return self.map(n, v)
        raise self.error(n, f"no filter named '{name}'")

    def seq(self, n: Node, v: Val) -> list[Val]:
        """The items a filter iterates over (a dict's keys; an undefined value is empty)."""
        if v.kind == LIST:
            return v.items
        if v.kind == DICT:
            return [v_str(key) for key in v.keys]
        if v.kind == STR:
            return [v_str(c) for c in v.s]
        if v.kind == UNDEF:
            return []
        raise self.error(n, f"'{KIND_NAMES[v.kind]}' object is not iterable")

    def attr_path(self, v: Val, path: str) -> Val:
        """An item's attribute for map/selectattr: 'a' or dotted 'a.b'."""
        for part in path.split("."):
            if v.kind == DICT and part in v.keys:
                v = v.keys[part]
            elif v.kind == LIST and part.isdigit() and int(part) < len(v.items):
                v = v.items[int(part)]
            else:
                return v_undef(part)
        return v

    def select(self, n: Node, name: str, v: Val) -> Val:
        """select(test, args...), reject(...), selectattr(attr, test, args...),
        rejectattr(...): without a test, the item's truth."""
        by_attr = name.endswith("attr")
        keep = name.startswith("select")
        first = 1
        path = ""
        if by_attr:
            path = to_str(self.arg1(n, 0))
            first = 2
        test = ""
        if len(n.kids) > first:
            test = to_str(self.eval(n.kids[first]))
        args: list[Val] = []
        for j in range(first + 1, len(n.kids)):
            args.append(self.eval(n.kids[j]))
        out: list[Val] = []
        for it in self.seq(n, v):
            x = self.attr_path(it, path) if by_attr else it
            ok = truthy(x) if test == "" else self.test_val(n, test, x, args)
            if ok == keep:
                out.append(it)
        return v_list(out)

    def map(self, n: Node, v: Val) -> Val:
        """map(attribute='a', default=d) or map('filter') for filters without arguments."""
        items = self.seq(n, v)
        npos = len(n.kids) - 1 - len(n.names)
        if npos == 0:
            path = ""
            dflt = v_undef("default")
            for j in range(len(n.names)):
                if n.names[j] == "attribute":
                    path = to_str(self.eval(n.kids[1 + j]))
                elif n.names[j] == "default":
                    dflt = self.eval(n.kids[1 + j])
            if path == "":
                raise self.error(n, "map needs a filter name or attribute=")
            out: list[Val] = []
            for it in items:
                x = self.attr_path(it, path)
                out.append(dflt if x.kind == UNDEF and dflt.kind != UNDEF else x)
            return v_list(out)
        f = to_str(self.eval(n.kids[1]))
        if npos > 1:
            raise self.error(n, f"map('{f}') with arguments is not supported")
        out2: list[Val] = []
        for it in items:
            if f == "trim":
                out2.append(v_str(to_str(it).strip()))
            elif f == "upper":
                out2.append(v_str(to_str(it).upper()))
            elif f == "lower":
                out2.append(v_str(to_str(it).lower()))
            elif f == "string":
                out2.append(v_str(to_str(it)))
            elif f == "tojson":
                out2.append(v_str(to_json(it, -1, 0)))
            elif f == "length" or f == "count":
                out2.append(v_int(len(self.seq(n, it)) if it.kind != STR else len(it.s)))
            else:
                raise self.error(n, f"map('{f}') is not supported (trim, upper, lower, string, tojson, length are)")
        return v_list(out2)

    def dict_items(self, n: Node, v: Val) -> Val:
        if v.kind != DICT:
            raise self.error(n, f"'{KIND_NAMES[v.kind]}' object has no attribute 'items'")
        out: list[Val] = []
        for key in v.keys:
            out.append(v_list([v_str(key), v.keys[key]]))
        return v_list(out)

    def test(self, n: Node) -> bool:
        args: list[Val] = []
        for j in range(1, len(n.kids)):
            args.append(self.eval(n.kids[j]))
        return self.test_val(n, n.s, self.eval(n.kids[0]), args)

    def test_val(self, n: Node, name: str, v: Val, args: list[Val]) -> bool:
        """Jinja's test `name` on v, with its arguments (`x is eq 2`, select('eq', 2))."""
        k = v.kind
        if name == "defined":
            return k != UNDEF
        if name == "undefined":
            return k == UNDEF
        if name == "none":
            return k == NONE
        if name == "string":
            return k == STR
        if name == "number":
            return k == INT or k == FLOAT or k == BOOL
        if name == "integer":
            return k == INT
        if name == "float":
            return k == FLOAT
        if name == "boolean":
            return k == BOOL
        if name == "true":
            return k == BOOL and v.b
        if name == "false":
            return k == BOOL and not v.b
        if name == "mapping":
            return k == DICT
        if name == "sequence":
            return k == LIST or k == STR or k == DICT
        if name == "iterable":
            return k == LIST or k == STR or k == DICT
        if name == "odd" or name == "even":
            if k != INT:
                raise self.error(n, f"'{name}' needs an integer")
            return (v.i % 2 == 1) == (name == "odd")
        if name == "equalto" or name == "eq" or name == "sameas" or name == "==" or name == "ne" \
                or name == "!=":
            if len(args) < 1:
                raise self.error(n, f"the test '{name}' needs a value to compare with")
            return equal(v, args[0]) != (name == "ne" or name == "!=")
        if name == "in":
            if len(args) < 1:
                raise self.error(n, "the test 'in' needs a container")
            return self.contains(n, args[0], v)
        raise self.error(n, f"no test named '{name}'")

    def call(self, n: Node) -> Val:
        callee = n.kids[0]
        if callee.kind == "name":
            f = callee.s
            if f == "raise_exception":
                raise TemplateError(to_str(self.arg1(n, 0)))
            if f == "namespace":
                ns = Val(NS)
                npos = len(n.kids) - len(n.names)
                for j in range(len(n.names)):
                    ns.keys[n.names[j]] = self.eval(n.kids[npos + j])
                return ns
            fv = self.lookup(f)
            if fv.kind == MACRO and fv.s in self.macros:
                return self.call_macro(n, self.macros[fv.s])
            if f == "range":
                a = self.arg1(n, 0)
                lo = 0
                hi = a.i
                if len(n.kids) > 2:
                    lo = a.i
                    hi = self.arg1(n, 1).i
                return v_list([v_int(i) for i in range(lo, hi)])
            raise self.error(n, f"no function named '{f}'")
        if callee.kind == "attr":
            obj = self.eval(callee.kids[0])
            m = callee.s
            if obj.kind == STR:
                s = obj.s
                if m == "strip" or m == "lstrip" or m == "rstrip":
                    if len(n.kids) > 1:
                        chars = to_str(self.arg1(n, 0))
                        if m == "strip":
                            return v_str(s.strip(chars))
                        return v_str(s.lstrip(chars) if m == "lstrip" else s.rstrip(chars))
                    if m == "strip":
                        return v_str(s.strip())
                    return v_str(s.lstrip() if m == "lstrip" else s.rstrip())
                if m == "upper":
                    return v_str(s.upper())
                if m == "lower":
                    return v_str(s.lower())
                if m == "title":
                    return v_str(s.title())
                if m == "capitalize":
                    return v_str(s.capitalize())
                if m == "startswith":
                    return v_bool(s.startswith(to_str(self.arg1(n, 0))))
                if m == "endswith":
                    return v_bool(s.endswith(to_str(self.arg1(n, 0))))
                if m == "replace":
                    return v_str(s.replace(to_str(self.arg1(n, 0)), to_str(self.arg1(n, 1))))
                if m == "split":
                    parts = s.split() if len(n.kids) == 1 else s.split(to_str(self.arg1(n, 0)))
                    return v_list([v_str(p) for p in parts])
            if obj.kind == DICT:
                if m == "items":
                    return self.dict_items(n, obj)
                if m == "keys":
                    return v_list([v_str(key) for key in obj.keys])
                if m == "values":
                    return v_list([obj.keys[key] for key in obj.keys])
                if m == "get":
                    key = self.arg1(n, 0)
                    if key.kind == STR and key.s in obj.keys:
                        return obj.keys[key.s]
                    return self.arg1(n, 1) if len(n.kids) > 2 else Val(NONE)
            raise self.error(n, f"'{KIND_NAMES[obj.kind]}' object has no method '{m}' kiln supports")
        raise self.error(n, "only functions and methods can be called")

    def arg1(self, n: Node, i: int) -> Val:
        if i + 1 >= len(n.kids):
            raise self.error(n, "missing argument")
        return self.eval(n.kids[i + 1])


class Template:
    """A chat template, parsed once."""

    def __init__(self, source: str):
        # as Jinja's lexer: newlines become \n, and one at the very end goes
        # (keep_trailing_newline is off)
        source = source.replace("\r\n", "\n").replace("\r", "\n")
        if source.endswith("\n"):
            source = source[:-1]
        self.body = Parser(Lexer(source).run()).block([])

    def render(self, messages: list[dict[str, str]], add_generation_prompt: bool,
               variables: dict[str, str]) -> str:
        """The prompt for messages, with variables (bos_token, eos_token,
        date_string...) as str globals."""
        g: dict[str, Val] = {}
        msgs: list[Val] = []
        for m in messages:
            d = Val(DICT)
            for key in m:
                d.keys[key] = v_str(m[key])
            msgs.append(d)
        g["messages"] = v_list(msgs)
        g["add_generation_prompt"] = v_bool(add_generation_prompt)
        g["tools"] = Val(NONE)  # apply_chat_template passes these, None without tools
        g["documents"] = Val(NONE)
        for key in variables:
            g[key] = v_str(variables[key])
        r = Renderer(g)
        r.run(self.body)
        return "".join(r.out)
