import re

# optional groups and None
m = re.match(r"(a)(b)?", "ac")
print(m.groups(), m.group(2), m.groups("-"), m.lastindex)
g = m.group(2)
print(g is None)
# alternation
m = re.search(r"(cat)|(dog)", "hotdog")
print(m.groups(), m.lastindex, m.span())
print(re.findall(r"(cat)|(dog)", "cat dog"))
print(re.split(r"(x)|(y)", "axbyc"))
# flags
print(re.findall(r"^\w+", "foo\nbar\nbaz", re.M))
print(re.findall(r"a.b", "a\nb", re.S), re.findall(r"a.b", "a\nb"))
print(re.findall(r"HELLO", "hello Hello", flags=re.IGNORECASE))
print(re.search(r"""
   (\d+)   # number
   \s*
   ([a-z]+) # unit
""", "size: 12 kb", re.X).groups())
print(re.findall(r"\d", "١٢3"), re.findall(r"\d", "١٢3", re.A))
print(re.compile("a", re.I | re.M))
print(re.compile("(?i)ab").flags)
# \Z
print(re.search(r"a\Z", "a\n"), re.search(r"a$", "a\n"))
# count
print(re.sub(r"\s+", " ", "a   b    c   d", count=2))
print(re.sub(r"o", "0", "foo boo", 1))
print(re.split(r"\s+", "a b c d", maxsplit=2))
print(re.split(r"\s+", "a b c d", 1))
# unicode positions
m = re.search(r"ö+", "größööe")
print(m.span(), m.start(), m.end(), repr(m.group()))
print(re.sub(r"(?<=ß)ö", "O", "größööe"))
# empty
print(re.findall(r"", "abc"), re.split(r"", "ab"))
print(re.sub(r"", "-", "ab"))
print(re.findall(r"a*", "baaac"))
print(re.match(r"", "x"))
# errors
for bad in ["a**", "[abc", "a)", "\\q", "(?P<n>x)(?P=m)", "*a"]:
    try:
        re.compile(bad)
    except re.error as e:
        print("error:", e)
try:
    re.sub("a", r"\3", "aaa")
except re.error as e:
    print("error:", e)
try:
    re.sub("(?P<x>a)", r"\g<y>", "aaa")
except IndexError as e:
    print("IndexError:", e)
m = re.match("(a)", "a")
try:
    m.group(5)
except IndexError as e:
    print("IndexError:", e)
m = re.match("b", "a")
try:
    print(m.group())
except AttributeError as e:
    print("AttributeError:", e)
print(m.string if m else "no match")
