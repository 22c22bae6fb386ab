import re

def shout(m) -> str:
    return m.group(0).upper()

print(re.sub(r"\w+", shout, "hello big world"))
print(re.sub(r"(\d+)", lambda m: str(int(m.group(1)) * 2), "a1 b22 c3", count=2))
print(re.subn(r"[aeiou]", lambda m: "<" + m.group() + ">", "education"))
tmpl = re.compile(r"\{(\w+)\}")
env = {"name": "Ada", "lang": "Python"}
print(tmpl.sub(lambda m: env.get(m.group(1), "?"), "Hi {name}, you like {lang} and {x}"))
print(tmpl.subn(lambda m: m.group(1)[::-1], "{abc}{de}"))
print(re.sub("x*", lambda m: "[" + m.group() + "]", "axxb"))
print(re.sub(r"z", shout, "none here"))

def expand_abbrev(text: str, table: dict[str, str]) -> str:
    def repl(m) -> str:
        word = m.group(0)
        return table.get(word.lower(), word)
    return re.sub(r"\b\w+\b", repl, text)

def censor(text: str, bad: list[str]) -> str:
    pat = re.compile("|".join(re.escape(b) for b in bad), re.I)
    def stars(m) -> str:
        return "*" * len(m.group())
    return pat.sub(stars, text)

print(expand_abbrev("btw the ETA is asap", {"btw": "by the way", "eta": "estimated time", "asap": "soon"}))
print(censor("Darn it, DARN and heck!", ["darn", "heck"]))
