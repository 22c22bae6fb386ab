# Bad patterns and templates raise re.error (CPython's messages and
# positions), bad group references IndexError, methods of a failed match
# AttributeError; the last one is not caught.
import re

BAD = ["a**", "a*?+", "^*", "(*)", "a|*", "(a", "a(b(c)", "a)", "[abc", "[z-a]", "[\\d-z]",
       "\\q", "\\x4", "\\u12", "\\8", "(a)\\2", "(?P<1a>x)", "(?P<a>x)(?P<a>y)", "(?P=b)",
       "(?P<a", "(?<n>a)", "x(?i)a", "a{2,1}", "[]", "abc\\"]
for p in BAD:
    try:
        re.compile(p)
        print("compiled:", p)
    except re.error as e:
        print(repr(p), "->", e)

def checked(pattern: str, text: str) -> str:
    try:
        return re.sub(pattern, "<\\1>", text)
    except re.error as e:
        return "error: " + str(e)

print(checked(r"(\w+)", "ok then"))
print(checked(r"\w+", "no group"))
print(checked(r"(\w+", "unbalanced"))

for tmpl in [r"\g<2>", r"\g<x>", r"\g<", r"\g<>", r"\q", "\\"]:
    try:
        print(re.sub(r"(a)", tmpl, "a"))
    except re.error as e:
        print("re.error:", e)
    except IndexError as e:
        print("IndexError:", e)

m = re.match(r"(?P<w>\w+)", "word")
for g in [2, -1]:
    try:
        print(m.group(g))
    except IndexError as e:
        print("IndexError:", e)
try:
    print(m.group("nope"))
except IndexError as e:
    print("IndexError:", e)
print(m.group("w"), m.start("w"), m.span("w"))

none = re.match(r"\d", "x")
print(none, bool(none), none is None)
try:
    print(none.span())
except AttributeError as e:
    print("AttributeError:", e)
try:
    re.compile("a", re.A | re.U)
except ValueError as e:
    print("ValueError:", e)
print(re.search(r"(a|b", "ab"))
