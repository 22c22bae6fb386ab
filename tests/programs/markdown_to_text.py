# A markdown-to-plain-text converter: headings become underlined, emphasis and
# code marks are stripped, links become "text (url)", lists are numbered.
DOC = """# Kiln Notes

Kiln compiles **typed** Python to *native* code.
See [the docs](https://example.org/docs) and `kiln build`.

## Steps

- write a program
- run `kiln build prog.py`
- compare with **CPython**

1. first ordered
2. second *ordered*

> quoted text with a [link](http://x.y)
---
Trailing paragraph with __bold__ and _italic_ and a literal * star."""


def strip_inline(s: str) -> str:
    out = ""
    i = 0
    while i < len(s):
        if s[i] == "[":
            close = s[i:].find("](")
            end = -1
            if close >= 0:
                close += i
                end = s[close + 2:].find(")")
                if end >= 0:
                    end += close + 2
            if close >= 0 and end >= 0:
                out += s[i + 1:close] + " (" + s[close + 2:end] + ")"
                i = end + 1
                continue
        if s[i:i + 2] == "**" or s[i:i + 2] == "__":
            i += 2
            continue
        if s[i] == "`":
            i += 1
            continue
        if s[i] == "*" or s[i] == "_":
            before = s[i - 1] if i > 0 else " "
            after = s[i + 1] if i + 1 < len(s) else " "
            inside_word = before.isalnum() and after.isalnum()
            spaced = before == " " and after == " "
            if not inside_word and not spaced:
                i += 1
                continue
        out += s[i]
        i += 1
    return out


def convert(doc: str) -> list[str]:
    out: list[str] = []
    bullet = 0
    for raw in doc.split("\n"):
        line = raw.rstrip()
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            title = strip_inline(line[level:].strip())
            out.append(title.upper() if level == 1 else title)
            out.append(("=" if level == 1 else "-") * len(title))
            bullet = 0
        elif line.startswith("- ") or line.startswith("* "):
            bullet += 1
            out.append(f"  {bullet}) {strip_inline(line[2:])}")
        elif len(line) > 2 and line[0].isdigit() and line[1:3] == ". ":
            out.append("  " + line[0] + ". " + strip_inline(line[3:]))
        elif line.startswith(">"):
            out.append("    | " + strip_inline(line[1:].strip()))
        elif line == "---":
            out.append("~" * 20)
        else:
            if line == "":
                bullet = 0
            out.append(strip_inline(line))
    return out


for s in ["**bold** text", "a *b* c", "x [y](z) w", "`code` here", "5 * 3 = 15", "snake_case_name"]:
    print(repr(s), "->", repr(strip_inline(s)))
result = convert(DOC)
for n, line in enumerate(result):
    print(f"{n:02d}|{line}")
print("lines:", len(result), "chars:", sum(len(l) for l in result))
print("blank lines:", sum(1 for l in result if not l))
words = " ".join(result).split()
print("words:", len(words), "longest:", max(len(w) for w in words))
