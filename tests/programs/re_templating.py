# A small template engine and text clean-ups: sub with \g<name>
# templates and with functions, escape() of user text, expand().
import re

VAR = re.compile(r"\{\{\s*(?P<name>\w+)(?:\s*\|\s*(?P<filter>\w+))?\s*\}\}")

def render(template: str, values: dict[str, str]) -> str:
    def one(m: re.Match) -> str:
        return apply_filter(values.get(m.group("name"), ""), m.group("filter"))
    out = []
    last = 0
    for m in VAR.finditer(template):
        out.append(template[last:m.start()])
        out.append(one(m))
        last = m.end()
    out.append(template[last:])
    return "".join(out)

def apply_filter(v: str, f) -> str:
    if f is None:
        return v
    if f == "upper":
        return v.upper()
    if f == "title":
        return v.title()
    return v

page = "Dear {{ name|title }},\nyour order {{order}} ships to {{ city | upper }}.{{missing}}"
print(render(page, {"name": "ada lovelace", "order": "#1842", "city": "London"}))

def strip_tags(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)

def slugify(title: str) -> str:
    s = re.sub(r"[^\w\s-]", "", title.lower())
    return re.sub(r"[\s_-]+", "-", s).strip("-")

print(strip_tags("<p>Hello <b>bold</b> <a href='x'>link</a></p>"))
print(slugify("  Hello, World! Regex -- in Kiln_2024  "))
print(re.sub(r"(?P<d>\d\d)/(?P<m>\d\d)/(?P<y>\d{4})", r"\g<y>-\g<m>-\g<d>", "born 07/03/1990, moved 15/11/2001"))
print(re.sub(r"(\w+)@(\w+)\.(\w+)", r"\1 at \2 dot \3", "mail ada@math.org or bob@cs.edu"))
names = ["a.b", "c+d", "e*f", "[g]"]
alt = re.compile("|".join(re.escape(n) for n in names))
print(alt.pattern, alt.findall("x a.b y c+d e*f [g] axb"))
print(re.sub(r"\s+", " ", "  lots   of\t\twhitespace \n here ").strip())
print(re.sub(r"(?m)^", "> ", "quoted\nlines"))
camel = "parseHTTPResponseCode"
print(re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", camel).lower())
m = re.search(r"(?P<key>\w+)=(?P<val>\w+)", "x: size=10")
if m:
    print(m.expand(r"\g<val> is \g<key>"), m.expand(r"[\1|\2]"))
counter = 0
def numbered(m: re.Match) -> str:
    global counter
    counter += 1
    return "(" + str(counter) + ")"
print(re.sub(r"\?", numbered, "a? b? c?"), counter)
print(re.subn(r"\{(\w+)\}", lambda m: m.group(1).upper(), "{a}-{b}-{c}"))
