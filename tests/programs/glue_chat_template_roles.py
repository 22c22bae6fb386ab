ROLE_TAGS = {"system": ("<<SYS>>\n", "\n<</SYS>>\n\n"), "user": ("[INST] ", " [/INST]"), "assistant": (" ", " </s>")}


def llama2_format(messages: list[dict[str, str]]) -> str:
    out = "<s>"
    sys_text = ""
    for m in messages:
        role = m["role"]
        if role not in ROLE_TAGS:
            raise ValueError(f"unknown role: {role}")
        if role == "system":
            sys_text = m["content"]
            continue
        start, end = ROLE_TAGS[role]
        content = m["content"]
        if role == "user" and sys_text:
            s0, s1 = ROLE_TAGS["system"]
            content = s0 + sys_text + s1 + content
            sys_text = ""
        out += start + content + end
    return out


def chatml_format(messages: list[dict[str, str]], add_generation_prompt: bool) -> str:
    parts = [f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages]
    if add_generation_prompt:
        parts.append("<|im_start|>assistant\n")
    return "".join(parts)


def main() -> None:
    msgs = [
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "Name a prime."},
        {"role": "assistant", "content": "7"},
        {"role": "user", "content": "Another?"},
    ]
    print(llama2_format(msgs))
    print(chatml_format(msgs, True), end="")
    print(repr(chatml_format(msgs[:1], False)))
    try:
        llama2_format([{"role": "tool", "content": "x"}])
    except ValueError as e:
        print("error:", e)
    llama2_format([{"role": "robot", "content": ""}])


main()
