# str == and dict/set lookups for every length up to 40 bytes, with the strs differing at each
# position in turn (first, middle, last byte), in ASCII and multi-byte text.
def variants(base: str) -> list[str]:
    out: list[str] = []
    for i in range(len(base)):
        out.append(base[:i] + ("#" if base[i] != "#" else "*") + base[i + 1:])
    return out


alphabet = "abcdefghijklmnopqrstuvwxyz0123456789ABCD"
mismatches = 0
matches = 0
for n in range(41):
    base = alphabet[:n]
    same = "".join([c for c in base])
    if same == base and not (same != base):
        matches += 1
    for v in variants(base):
        if v == base or not (v != base):
            print("wrongly equal", n, v)
        mismatches += 1
print(matches, mismatches)
for text in ["\u00e9", "\u00e9t\u00e9", "na\u00efve caf\u00e9", "\u2014 dash \u2014 and more \u00fc\u00fc\u00fc\u00fc", "\U0001f600x"]:
    for k in range(1, 4):
        s = text * k
        t = "".join(list(s))
        print(len(s), s == t, s == t[:-1] + "?", s[:-1] == t[:-1], sum(1 for v in variants(s) if v == s))
words = [alphabet[i:j] for i in range(0, 40, 3) for j in range(i, 41, 5)]
table: dict[str, int] = {}
for w in words:
    table[w] = table.get(w, 0) + 1
copies = ["".join(list(w)) for w in words]
print(len(table), sum(table[c] for c in copies), len(set(copies)), all(c in table for c in copies))
print(sum(1 for w in words if (w + "!") in table), "xyz" in table, "" in table)
