def fake_model(prompt: str, max_new: int):
    words = prompt.split()
    state = len(prompt)
    for i in range(max_new):
        state = (state * 31 + 7) % 101
        tok = words[state % len(words)]
        if state % 13 == 0:
            yield "<eos>"
            return
        yield tok


def detokenize(stream) -> str:
    out: list[str] = []
    for tok in stream:
        if tok == "<eos>":
            break
        out.append(tok)
    return " ".join(out)


def with_index(stream):
    i = 0
    for tok in stream:
        yield i, tok
        i += 1


def main() -> None:
    prompt = "once upon a time there was a tiny model"
    for i, tok in with_index(fake_model(prompt, 8)):
        print(i, tok)
    print(repr(detokenize(fake_model(prompt, 30))))
    lengths = [len(list(fake_model(p, 50))) for p in ["a b", "x y z", prompt]]
    print(lengths)
    gen = fake_model("hello world", 3)
    print(next(gen), next(gen), next(gen))
    print(next(gen, "done"))
    next(gen)


main()
