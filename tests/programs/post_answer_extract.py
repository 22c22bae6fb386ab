def extract_answer(text: str) -> str:
    marker = "answer:"
    low = text.lower()
    i = low.rfind(marker)
    if i >= 0:
        ans = text[i + len(marker):].strip()
    else:
        lines = [l for l in text.strip().splitlines() if l.strip()]
        ans = lines[-1].strip() if lines else ""
    return ans.rstrip(".").strip()


def normalize(ans: str) -> str:
    ans = ans.lower()
    for art in ("the ", "a ", "an "):
        if ans.startswith(art):
            ans = ans[len(art):]
    return "".join(ch for ch in ans if ch.isalnum() or ch == " ").strip()


def exact_match(pred: str, gold: list[str]) -> bool:
    p = normalize(pred)
    return any(p == normalize(g) for g in gold)


def main() -> None:
    outputs = [
        "Let me think. The capital is Paris.\nAnswer: Paris.",
        "I believe it's\n\nThe Eiffel Tower",
        "answer: 42\nANSWER: forty-two",
        "",
        "Final Answer:   An Apple!",
    ]
    golds = [["paris"], ["eiffel tower"], ["42", "forty two"], ["x"], ["apple"]]
    hits = 0
    for out, gold in zip(outputs, golds):
        a = extract_answer(out)
        ok = exact_match(a, gold)
        hits += ok
        print(repr(a), repr(normalize(a)), ok)
    print(f"EM = {hits}/{len(outputs)}")


main()
