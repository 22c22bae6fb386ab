# Word frequencies with a dict, words tracked in a list to print in first-seen order.
text = """the quick brown fox jumps over the lazy dog
The dog barks; the fox runs.  A quick end."""
counts: dict[str, int] = {}
order: list[str] = []
for line in text.split("\n"):
    for raw in line.split():
        w = raw.strip(".,;").lower()
        if w == "":
            continue
        if w in counts:
            counts[w] += 1
        else:
            counts[w] = 1
            order.append(w)
for w in order:
    print(f"{w:>6}: {counts[w]}")
print(len(counts), counts.get("the", 0), counts.get("cat", 0))
best = ""
best_n = 0
for w in order:
    if counts[w] > best_n:
        best = w
        best_n = counts[w]
print("most common:", best, best_n)
print(counts)
