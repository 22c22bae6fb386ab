def merge_spans(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    spans = sorted(spans)
    out: list[tuple[int, int, str]] = []
    for s, e, lab in spans:
        if out and out[-1][2] == lab and s <= out[-1][1]:
            ps, pe, pl = out[-1]
            out[-1] = (ps, max(pe, e), pl)
        else:
            out.append((s, e, lab))
    return out


def bio_to_spans(tags: list[str]) -> list[tuple[int, int, str]]:
    spans: list[tuple[int, int, str]] = []
    start = -1
    label = ""
    for i, t in enumerate(tags + ["O"]):
        if t.startswith("B-") or t == "O" or (t.startswith("I-") and t[2:] != label):
            if start >= 0:
                spans.append((start, i, label))
                start = -1
            if t != "O":
                start = i
                label = t[2:]
    return spans


def main() -> None:
    spans = [(5, 9, "PER"), (0, 3, "ORG"), (2, 6, "ORG"), (8, 12, "PER"), (20, 25, "LOC"), (1, 2, "ORG")]
    print(merge_spans(spans))
    words = "John Smith works at Acme Corp in New York City".split()
    tags = ["B-PER", "I-PER", "O", "O", "B-ORG", "I-ORG", "O", "B-LOC", "I-LOC", "I-LOC"]
    for s, e, lab in bio_to_spans(tags):
        print(lab, " ".join(words[s:e]), (s, e))
    print(bio_to_spans(["I-X", "I-Y", "B-Y", "O"]))


main()
