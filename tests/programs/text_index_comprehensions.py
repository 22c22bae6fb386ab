# Text processing: word frequencies, an inverted index and bigrams, with
# dicts, sets and comprehensions.
text = """It was the best of times, it was the worst of times,
it was the age of wisdom, it was the age of foolishness,
it was the epoch of belief, it was the epoch of incredulity,
it was the season of Light, it was the season of Darkness"""
lines = text.split("\n")
words = [w.strip(",.").lower() for line in lines for w in line.split()]
print(len(words), words[:6])
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items())
print(top[:5])
by_count = {}
for w, n in freq.items():
    by_count.setdefault(n, []).append(w)
for n in sorted(by_count, reverse=True):
    print(n, sorted(by_count[n]))
index = {}
for lineno, line in enumerate(lines, 1):
    for w in line.split():
        index.setdefault(w.strip(",.").lower(), set()).add(lineno)
for w in ["was", "age", "epoch", "light"]:
    print(w, sorted(index[w]))
vocab = {w for w in words}
print(len(vocab), sorted(w for w in vocab if len(w) > 6))
bigrams = {}
for a, b in zip(words, words[1:]):
    key = a + " " + b
    bigrams[key] = bigrams.get(key, 0) + 1
common = [(k, v) for k, v in bigrams.items() if v > 2]
print(sorted(common))
lengths = {len(w) for w in words}
print(sorted(lengths), max(len(w) for w in words), min(words), max(words))
initials = {w[0]: [x for x in sorted(vocab) if x[0] == w[0]] for w in vocab if w[0] in "aeiou"}
for k in sorted(initials):
    print(k, initials[k])
longest = max((len(w), w) for w in vocab)
print(longest)
print(" ".join(w.capitalize() for w in words[:8]))
print(sum(1 for w in words if "s" in w), any(w.isdigit() for w in words), all(w.isalpha() for w in words))
