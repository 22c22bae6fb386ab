import re
from re import findall, sub

WORD = re.compile(r"[A-Za-z']+")

def words(line: str) -> list[str]:
    return WORD.findall(line.lower())

def build(sep: str) -> str:
    return "\\s*" + re.escape(sep) + "\\s*"

print(words("It's a Test, isn't it?"))
pat = build("+")
print(pat, re.split(pat, "1 + 2+3 +  4"))
dyn = re.compile(pat)
print(dyn.split("a+b"), dyn.findall("a + b"))
grp = re.compile("(" + "a" + ")(b)")
print(grp.findall("ab ab"))
m = grp.search("xxab")
if m is not None:
    print(m.group(1), m.groups())
print(findall(r"\d+", "12 34"), sub(r"\d", "#", "a1b2"))
counts: dict[str, int] = {}
for line in ["GET /a 200", "POST /b 404", "GET /c 200"]:
    if (mm := re.match(r"(\w+) (\S+) (\d{3})", line)):
        counts[mm.group(3)] = counts.get(mm.group(3), 0) + 1
print(counts)
p = re.compile(r"\d+")
print(p.search("ab12cd34", 4), p.search("ab12cd34", 2, 3), p.match("ab12", 2))
m = p.search("ab12cd34", 4)
print(m.pos, m.endpos, m.string, m.re)
print(re.search("'\"x", "a'\"x"))
print(re.compile("x" * 300))
print(repr(re.compile(r"\d", re.A)), re.compile(r"\d", re.A).flags)
print(re.match(r"(?P<first>\w+) (?P<last>\w+)", "Jane Doe").groupdict())
print(re.compile(r"(?P<a>x)(?P<b>y)").groupindex)
m = re.search(r"(\d+)-(\d+)", "10-20")
print(m.expand(r"\2 to \1"))
total = 0
for i in range(20000):
    if re.search(r"^(\d+)x$", str(i) + "x"):
        total += 1
print(total)
# patterns only known at run time: findall's items are str or tuple, groups Optional
def finder(parts: list[str]) -> list[object]:
    return re.findall("".join(parts), "k1=v1;k2=v2")

print(finder([r"\w+"]), finder(["(", r"\w+", ")="]), finder([r"(\w+)=(\w+)"]))
for item in finder([r"(\w)(\d)"]):
    print(item)
p = re.compile("(a)?" if len(counts) > 5 else "(b)?c")
print(p.split("xbcy"), p.findall("bc c"))
m = p.search("zc")
if m:
    print(m.groups(), m.group(1), m.groups("-"))
print(re.split(r"(a)|(b)", "1a2b3"))
same = [re.compile(r"\s+"), re.compile(r"\s+", 0)]
print(same[0] == same[1], same[0].split(" x  y "))
p = re.compile(r"(\d)(\w)")
print(re.search(p, "x1a"), re.findall(p, "1a 2b"), re.sub(p, r"\2\1", "1a 2b"), re.split(p, "x1ay"))
print(re.compile(p) is p, p.search("1a2b", pos=2), p.findall("1a2b3c", endpos=4), p.search("1a2b", 1, endpos=4))
print(p.match("1a2b", pos=2, endpos=4), list(p.finditer("1a2b3c", pos=1)))
print(re.sub(p, lambda m: m.group(2), "1a2b"))
