import re

m = re.search(r"(\w+)@(\w+)\.com", "mail bob@example.com now")
print(m)
if m:
    print(m.group(), m.group(0), m.group(1), m.group(2), m[1])
    print(m.groups(), m.span(), m.start(2), m.end(2), m.span(1))
    print(m.group(1, 2))
print(re.findall(r"\d+", "a1 b22 c333"))
print(re.findall(r"(\w)=(\d)", "a=1, b=2"))
print(re.sub(r"(\w+)=(\d+)", r"\2=\1", "x=1 y=22"))
print(re.sub(r"(?P<k>\w+)=(?P<v>\d+)", r"\g<v>:\g<k>", "x=1 y=22"))
print(re.split(r"[,;]\s*", "a, b;c,d"))
print(re.split(r"([,;])", "a,b;c"))
print(re.sub("x*", "-", "abxd"))
print(re.split(r"\b", "a b"))
p = re.compile(r"(?P<year>\d{4})-(?P<mon>\d\d)", re.I)
print(p, p.pattern, p.flags, p.groups)
m2 = p.match("2024-05 x")
print(m2.groupdict(), m2.group("year"), m2.lastindex, m2.lastgroup)
for mm in p.finditer("1999-01 and 2000-12"):
    print(mm.group(0), mm.start())
print(re.subn(r"a", "b", "banana"))
print(re.escape("a.b*c"))
print(re.match("x", "abc"))
print(re.fullmatch(r"\d+", "123"), re.fullmatch(r"\d+", "123a"))
s = "héllo wörld ñ"
for w in re.finditer(r"\w+", s):
    print(w.span(), w.group())
try:
    re.compile("(a")
except re.error as e:
    print("error:", e)
