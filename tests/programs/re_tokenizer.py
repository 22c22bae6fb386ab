# A tokenizer for a small language, in the style of the re module's
# documentation: one master pattern of named alternatives, finditer over
# the text, m.lastgroup naming the kind.
import re
from typing import NamedTuple

KEYWORDS = {"IF", "THEN", "ENDIF", "FOR", "NEXT", "GOSUB", "RETURN"}
TOKEN_SPEC = [
    ("NUMBER", r"\d+(\.\d*)?"),
    ("ASSIGN", r":="),
    ("END", r";"),
    ("ID", r"[A-Za-z_]\w*"),
    ("OP", r"[+\-*/]"),
    ("NEWLINE", r"\n"),
    ("SKIP", r"[ \t]+"),
    ("MISMATCH", r"."),
]
MASTER = re.compile("|".join("(?P<%s>%s)" % pair for pair in TOKEN_SPEC))


def tokenize(code: str) -> list[tuple[str, str, int, int]]:
    out: list[tuple[str, str, int, int]] = []
    line_num = 1
    line_start = 0
    for mo in MASTER.finditer(code):
        kind = mo.lastgroup
        value = mo.group()
        column = mo.start() - line_start
        if kind == "NUMBER":
            pass
        elif kind == "ID" and value in KEYWORDS:
            kind = value
        elif kind == "NEWLINE":
            line_start = mo.end()
            line_num += 1
            continue
        elif kind == "SKIP":
            continue
        elif kind == "MISMATCH":
            out.append(("ERROR", value, line_num, column))
            continue
        out.append((str(kind), value, line_num, column))
    return out


statements = """
    IF quantity THEN
        total := total + price * quantity;
        tax := price * 0.05;
    ENDIF;
    x := 3.14 ? 2
"""
for tok in tokenize(statements):
    print(tok)

# a second, simpler tokenizer: numbers, names and operators with findall
expr = "alpha*(beta+42) - 7/gamma2"
print(re.findall(r"\d+|[A-Za-z_]\w*|[-+*/()]", expr))
print(re.findall(r"([A-Za-z_]\w*)|(\d+)", expr))
words = re.compile(r"\b\w+\b")
print([m.span() for m in words.finditer("one two  three")])
print(MASTER.groups, sorted(MASTER.groupindex.items()))
