SYSTEM = "You are a helpful assistant that answers in {lang}."
TEMPLATE = "<|{role}|>\n{content}\n"


def render_message(role: str, content: str) -> str:
    return TEMPLATE.format(role=role, content=content.strip())


def build_prompt(history: list[tuple[str, str]], lang: str) -> str:
    parts: list[str] = [render_message("system", SYSTEM.format(lang=lang))]
    for role, content in history:
        parts.append(render_message(role, content))
    parts.append("<|assistant|>\n")
    return "".join(parts)


def truncate(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: limit - 3] + "..."


def main() -> None:
    history = [
        ("user", "  What is the capital of France?  "),
        ("assistant", "Paris."),
        ("user", "And of Italy? Please answer briefly and explain a little history too."),
    ]
    prompt = build_prompt(history, "English")
    print(prompt)
    print("chars:", len(prompt), "lines:", prompt.count("\n"))
    for role, content in history:
        print(f"{role:>10} | {truncate(content.strip(), 24)!r}")
    fewshot = [("2+2", "4"), ("3*3", "9"), ("10-7", "3")]
    shots = "\n".join(f"Q: {q}\nA: {a}" for q, a in fewshot)
    print(shots + "\nQ: 6/2\nA:")
    print("{:-^30}".format(" end "))
    print("%s has %d turns" % ("chat", len(history)))


main()
