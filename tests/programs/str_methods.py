# str methods, and a word count over a text with lists.
text = """The quick brown fox jumps over the lazy dog.
  The dog sleeps; the fox runs!   
Kiln turns Python into native code."""
lines = text.splitlines()
print(len(lines), lines[1].strip())
words: list[str] = []
for line in lines:
    for w in line.lower().replace(";", " ").replace(".", " ").replace("!", " ").split():
        words.append(w)
print(len(words), words[0], words[-1])
print("-".join(["a", "b", "c"]), ", ".join(words))
count = 0
for w in words:
    if w.startswith("th") or w.endswith("s"):
        count += 1
print(count, text.find("fox"), text.count("the"), text.rfind("o"))
print("Kiln".upper(), "KILN".lower(), "kiln fire".title(), "x".center(7, "*"), "42".zfill(5))
print("abc".isalpha(), "123".isdigit(), " ".isspace(), "Ab".isupper(), "ß".upper())
print("a,b,,c".split(","), "  x  y ".split(), "k=v=w".split("=", 1))
print("prefix_name".removeprefix("prefix_"), "[" + "pad".ljust(6) + "]", "[" + "pad".rjust(6) + "]")
s = "héllo wörld"
print(s[1], s[-1], ord(s[1]), chr(955), len(s), s.upper())
print("x".join(["1", "2", "3"]))
print("abc".index("z"))
