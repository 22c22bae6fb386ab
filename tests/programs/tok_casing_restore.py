def learn_casing(corpus: list[str]) -> dict[str, str]:
    counts: dict[str, dict[str, int]] = {}
    for line in corpus:
        for w in line.split():
            forms = counts.setdefault(w.lower(), {})
            forms[w] = forms.get(w, 0) + 1
    best: dict[str, str] = {}
    for low, forms in counts.items():
        best[low] = max(sorted(forms), key=lambda f: forms[f])
    return best


def restore(text: str, casing: dict[str, str]) -> str:
    out: list[str] = []
    for i, w in enumerate(text.split()):
        form = casing.get(w, w)
        if i == 0:
            form = form[:1].upper() + form[1:]
        out.append(form)
    return " ".join(out)


def main() -> None:
    corpus = ["I live in Paris", "Paris is in France", "the paris agreement", "NASA and the ESA",
              "nasa launched", "I like NASA", "London and Paris"]
    casing = learn_casing(corpus)
    print(sorted(casing.items()))
    for t in ["i visited paris and london", "nasa is in the usa", "france"]:
        print(restore(t, casing))


main()
