# TypedDict classes: values are dicts (built with a display or by calling
# the class with keywords), annotations name them; dict(k=v, ...) too.
from typing import TypedDict


class Message(TypedDict):
    role: str
    content: str


class Usage(TypedDict):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


def render(messages: list[Message]) -> str:
    return "".join(f"<|{m['role']}|>{m['content']}\n" for m in messages)


def usage(prompt: int, completion: int) -> Usage:
    return Usage(prompt_tokens=prompt, completion_tokens=completion, total_tokens=prompt + completion)


chat: list[Message] = [{"role": "system", "content": "Answer briefly."}, Message(role="user", content="Hi!")]
chat.append(Message(content="Hello.", role="assistant"))
print(render(chat), end="")
u = usage(12, 5)
u["completion_tokens"] += 1
print(u, sorted(u), len(chat), chat[1] == {"role": "user", "content": "Hi!"})
options = dict(temperature=0.7, top_p=0.9)
print(options, dict(stop="</s>"), options["top_p"] * 2)
