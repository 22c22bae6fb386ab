import json

REQUEST = '{"model": "tiny-chat", "temperature": 0.7, "max_tokens": 64, "messages": [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "Hi there"}, {"role": "assistant", "content": "Hello."}, {"role": "user", "content": "Summarise: the cat sat on the mat."}]}'


def count_tokens(text: str) -> int:
    return len(text.split())


def main() -> None:
    req = json.loads(REQUEST)
    model = str(req["model"])
    temp = float(req["temperature"])
    max_tokens = int(req["max_tokens"])
    roles: list[str] = []
    lines: list[str] = []
    used = 0
    for m in req["messages"]:
        role = str(m["role"])
        content = str(m["content"])
        roles.append(role)
        used += count_tokens(content)
        lines.append(f"[{role.upper()}] {content}")
    print("\n".join(lines))
    print(f"model={model} temp={temp:.2f} budget={max_tokens - used}")
    last_user = ""
    for m in req["messages"]:
        if m["role"] == "user":
            last_user = str(m["content"])
    print("last user:", last_user)
    reply = {"id": "chatcmpl-1", "object": "chat.completion", "model": model,
             "choices": [{"index": 0, "message": {"role": "assistant", "content": last_user.upper()},
                          "finish_reason": "stop"}],
             "usage": {"prompt_tokens": used, "completion_tokens": count_tokens(last_user)}}
    print(json.dumps(reply))
    print(json.dumps(reply["usage"], sort_keys=True, indent=2))
    print({r: roles.count(r) for r in roles})


main()
