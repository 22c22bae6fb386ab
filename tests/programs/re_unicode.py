# Unicode text: positions in code points, \w \d \s as CPython's for str
# patterns, re.ASCII, case-insensitive matching beyond ASCII.
import re

text = "Größe: 42 Äpfel, naïve café — 東京 3 ٣ ½ end"
for m in re.finditer(r"\w+", text):
    print(m.span(), m.group())
print(re.findall(r"\d+", text), re.findall(r"\d+", text, re.ASCII))
print(re.findall(r"\w+", text, flags=re.A))
print(re.search(r"東京", text).span())
print(re.sub(r"[äöüÄÖÜß]", "?", text))
print(re.findall(r"(?i)ÄPFEL|CAFÉ", text))
print(re.findall(r"straße", "STRASSE Straße STRAẞE", re.I))
print(re.split(r"\s+", "α β\u2003γ\tδ"))
m = re.search(r"(\w)(\w)$", "naïve")
print(m.groups(), m.span(1), m.span(2), m.start(), m.end())
print(re.match(r".", "€uro"), re.fullmatch(r"\w+", "日本語"))
print(len(re.findall(r".", "a😀b")), re.search(r"😀", "a😀b").span())
print(re.sub(r"(\w+)", r"<\1>", "über alles"))
print(re.escape("a-b.c ü"), re.escape("x*y+z?"))
s = "é" * 40 + "X" + "é" * 40
m = re.search("X", s)
print(m.start(), m.end(), re.search("é+$", s).span())
print(re.findall(r"\bé+\b", "éé x ééé"))
print(re.sub("\\u00e9", "e", "café"), re.findall("\\U0001F600", "😀!"))
