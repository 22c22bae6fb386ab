import json

OUTPUTS = [
    '{"name": "get_weather", "arguments": {"city": "Paris", "unit": "c"}}',
    '{"name": "add", "arguments": {"a": 2, "b": 40}}',
    '{"name": "unknown_tool", "arguments": {}}',
    '{"name": "add", "arguments": {"a": 1}}',
    'not json at all',
]


def get_weather(city: str, unit: str) -> str:
    temp = len(city) * 3
    return f"{city}: {temp}{unit.upper()}"


def dispatch(text: str) -> str:
    try:
        call = json.loads(text)
    except ValueError:
        return "error: model output is not JSON"
    name = str(call["name"])
    args = call["arguments"]
    if name == "get_weather":
        return get_weather(str(args["city"]), str(args.get("unit", "c")))
    if name == "add":
        if "a" not in args or "b" not in args:
            return "error: add needs a and b"
        return str(int(args["a"]) + int(args["b"]))
    return f"error: no tool named {name!r}"


def main() -> None:
    for out in OUTPUTS:
        print(dispatch(out))
    tools = [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in ["get_weather", "add"]]
    print(json.dumps(tools))


main()
