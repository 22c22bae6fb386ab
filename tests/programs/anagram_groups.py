# Group words by sorted-letter signature using a dict of str -> list index, letters sorted by hand.
def signature(w: str) -> str:
    cs: list[str] = []
    for i in range(len(w)):
        cs.append(w[i])
    cs.sort()
    return "".join(cs)


words = "listen silent enlist google inlets banana tinsel gogole elgoog abc cab bca".split()
index: dict[str, int] = {}
groups: list[list[str]] = []
for w in words:
    sig = signature(w)
    if sig in index:
        groups[index[sig]].append(w)
    else:
        index[sig] = len(groups)
        groups.append([w])
for g in groups:
    print(len(g), g)
print(index)
