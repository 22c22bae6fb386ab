# strip/lstrip/rstrip and lower/upper on ASCII text (the byte-at-a-time
# paths) and on non-ASCII text, with the characters at the edges of the
# ranges they test, against CPython.
edges = "".join(chr(c) for c in range(0, 128))
print(repr(edges.lower()))
print(repr(edges.upper()))
print(repr(edges.swapcase()), repr(edges.title()[:80]), repr(edges.capitalize()[60:]))
words = ["Hello", "WORLD", "MiXeD123", "@[`{", "", "AZaz", "\u00c9cole \u00c0 PARIS", "stra\u00dfe", "\u03a3\u039f\u03a3"]
for w in words:
    print(repr(w.lower()), repr(w.upper()), w.lower() == w.casefold())

samples = ["  padded  ", "\t\n\x0b\x0c\r mixed ws \x1c\x1d\x1e\x1f", "\x1b not ws \x1b", "", "   ",
           "(word).", "((()))", "...a.b...", "\u00a0nbsp\u00a0", "\u2003em\u2003", "caf\u00e9.", "\u00e9caf\u00e9\u00e9"]
for s in samples:
    print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
    print(repr(s.strip(".,;:!?()")), repr(s.lstrip("(.")), repr(s.rstrip(").")))
    print(repr(s.strip("\u00e9.")), repr(s.strip("")), repr(s.strip(" \u00a0\u2003")))
punct = ".,;:!?()"
total = 0
for raw in "The (quick) brown, fox! jumps; over: the? lazy. dog...".split():
    w = raw.strip(punct).lower()
    if w != "":
        total += len(w)
        print(w, end=" ")
print(total)
s = "unchanged"
print(s.strip() is s, s.strip("xyz") is s, s.lstrip() == s)
