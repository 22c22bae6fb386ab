# Flags: constants combined with |, inline (?aimsx) groups, re.VERBOSE
# patterns with comments, what .flags and repr() show.
import re

PHONE = re.compile(r"""
    ^\s*
    (?:\+(?P<country>\d{1,3})[\s-]*)?   # optional country code
    \(?(?P<area>\d{3})\)?               # area code, maybe in parentheses
    [\s.-]*
    (?P<local>\d{3}[\s.-]*\d{4})        # the local number
    \s*$
""", re.VERBOSE)

for s in ["+1 (555) 123-4567", "555.123.4567", "(555)1234567", "12-34", " +44 020 555 0199 "]:
    m = PHONE.match(s)
    if m:
        print(repr(s), m.group("country"), m.group("area"), re.sub(r"\D", "", m.group("local")))
    else:
        print(repr(s), "no match")

print(PHONE.flags, PHONE.groups, sorted(PHONE.groupindex))
for f in [0, re.I, re.M, re.S, re.X, re.A, re.I | re.M, re.I | re.S | re.X, re.IGNORECASE | re.DOTALL]:
    p = re.compile("a.b", f)
    print(int(f), p.flags, p)
print(re.compile("(?i)x").flags, re.compile("(?s)(?m)x").flags, re.compile("(?a)x").flags)
print(re.findall("(?i)hello", "Hello HELLO hello"), re.findall("(?i:h)ello", "Hello HELLO hello"))
print(re.findall(r"^#.*$", "# a\ncode\n# b", re.M), re.findall(r"^#.*$", "# a\ncode\n# b"))
print(re.findall(r"<.*>", "<a>\n<b>", re.S), re.findall(r"<.*?>", "<a>\n<b>"))
print(re.search(r"(?x) a \  b  # spaces are ignored", "xa b").group())
print(re.search(r"(?x) [ ] ", "a b").span())
print(re.findall(r"\w+", "ça va, très bien", re.ASCII | re.IGNORECASE))
print(re.findall(r"[a-z]+", "ÀB cd", re.I), re.findall(r"[a-z]+", "ÀB cd", re.I | re.A))
print(re.match(r"\d+$", "123\n"), re.match(r"\d+\Z", "123\n"), re.match(r"\A\d", "x1"))
NUM = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
print(NUM.findall("1 -2.5 +.5e3 6e-2 x.y 7."))
print(re.fullmatch(r"(?i)[0-9a-f]+", "DeadBeef") is not None, re.fullmatch(r"[0-9a-f]+", "DeadBeef"))
