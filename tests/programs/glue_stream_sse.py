import json


def stream_tokens(text: str):
    for i, word in enumerate(text.split()):
        yield word if i == 0 else " " + word


def sse_events(model: str, text: str):
    for i, tok in enumerate(stream_tokens(text)):
        chunk = {"id": "c1", "object": "chat.completion.chunk", "model": model,
                 "choices": [{"index": 0, "delta": {"content": tok}, "finish_reason": None}]}
        yield "data: " + json.dumps(chunk) + "\n\n"
    done = {"id": "c1", "object": "chat.completion.chunk", "model": model,
            "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    yield "data: " + json.dumps(done) + "\n\n"
    yield "data: [DONE]\n\n"


def collect(events: list[str]) -> str:
    out: list[str] = []
    for ev in events:
        payload = ev[len("data: "):].strip()
        if payload == "[DONE]":
            break
        obj = json.loads(payload)
        delta = obj["choices"][0]["delta"]
        if "content" in delta:
            out.append(str(delta["content"]))
    return "".join(out)


def main() -> None:
    events = list(sse_events("tiny", "streaming is fun to test"))
    for ev in events[:2]:
        print(ev, end="")
    print(len(events), repr(events[-1]))
    print(repr(collect(events)))


main()
