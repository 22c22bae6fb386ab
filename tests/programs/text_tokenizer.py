# A hand-written tokenizer for a small expression language: numbers, names,
# strings with escapes, operators (longest match first), comments; token stats.
class LexError(Exception):
    pass


OPERATORS = ["**", "==", "!=", "<=", ">=", "->", "+", "-", "*", "/", "%", "(", ")", "<", ">", "=", ",", ":"]
KEYWORDS = {"let", "if", "then", "else", "fn", "return"}


def tokenize(src: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    i = 0
    n = len(src)
    while i < n:
        c = src[i]
        if c == " " or c == "\t" or c == "\n":
            i += 1
        elif c == "#":
            while i < n and src[i] != "\n":
                i += 1
        elif c.isdigit():
            j = i
            while j < n and (src[j].isdigit() or src[j] == "_"):
                j += 1
            kind = "INT"
            if j < n and src[j] == ".":
                kind = "FLOAT"
                j += 1
                while j < n and src[j].isdigit():
                    j += 1
            tokens.append((kind, src[i:j]))
            i = j
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (src[j].isalnum() or src[j] == "_"):
                j += 1
            word = src[i:j]
            tokens.append(("KW" if word in KEYWORDS else "NAME", word))
            i = j
        elif c == '"':
            j = i + 1
            chars: list[str] = []
            while True:
                if j >= n:
                    raise LexError(f"unterminated string starting at {i}")
                ch = src[j]
                if ch == '"':
                    break
                if ch == "\\" and j + 1 < n:
                    esc = src[j + 1]
                    chars.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(esc, esc))
                    j += 2
                else:
                    chars.append(ch)
                    j += 1
            tokens.append(("STR", "".join(chars)))
            i = j + 1
        else:
            matched = ""
            for op in OPERATORS:
                if src[i:i + len(op)] == op:
                    matched = op
                    break
            if matched == "":
                raise LexError(f"unexpected character {c!r} at offset {i}")
            tokens.append(("OP", matched))
            i += len(matched)
    tokens.append(("EOF", ""))
    return tokens


programs = [
    "let x = 3 + 4 * 2 ** 2",
    'let greeting = "hi\\tthere \\"you\\""  # a comment',
    "fn area(w, h) -> w * h\nlet big = area(1_000, 2.5) >= 2500.0",
    "if a != b then a % 7 else -b",
    "let bad = 3 $ 4",
    'let s = "never closed',
]
kind_totals: dict[str, int] = {}
for src in programs:
    print("source:", repr(src))
    try:
        toks = tokenize(src)
    except LexError as e:
        print("  lex error:", e)
        continue
    for kind, text in toks:
        kind_totals[kind] = kind_totals.get(kind, 0) + 1
        print(f"  {kind:<6}{text!r}")
    names = sorted({t for k, t in toks if k == "NAME"})
    print("  names:", names, "count:", len(toks))
print("totals:", sorted(kind_totals.items()))
longest = ""
for src in programs[:4]:
    for kind, text in tokenize(src):
        if len(text) > len(longest):
            longest = text
print("longest token:", repr(longest), len(longest))
