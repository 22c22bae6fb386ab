def approx_tokens(text: str) -> int:
    return (len(text) + 3) // 4


def fit_context(system: str, docs: list[str], question: str, budget: int) -> tuple[str, int]:
    used = approx_tokens(system) + approx_tokens(question)
    kept: list[str] = []
    for i, d in enumerate(docs):
        cost = approx_tokens(d) + 2
        if used + cost > budget:
            print(f"  dropping doc {i} ({cost} tokens)")
            continue
        kept.append(f"[{i}] {d}")
        used += cost
    prompt = system + "\n\n" + "\n".join(kept) + "\n\nQ: " + question + "\nA:"
    return prompt, used


def main() -> None:
    system = "Answer using only the documents."
    docs = ["Kiln compiles Python to C." * 2, "It links a small runtime statically.",
            "The runtime uses reference counting." * 5, "Generators become state machines."]
    for budget in [200, 60, 30]:
        prompt, used = fit_context(system, docs, "How does kiln handle generators?", budget)
        print(f"budget={budget} used={used} lines={prompt.count(chr(10)) + 1}")
    print(fit_context(system, [], "q?", 100)[0])


main()
