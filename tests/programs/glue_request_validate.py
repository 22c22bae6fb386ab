import json


class BadRequest(Exception):
    pass


def require_str(obj: dict, key: str) -> str:
    if key not in obj:
        raise BadRequest(f"missing field '{key}'")
    v = obj[key]
    if not isinstance(v, str):
        raise BadRequest(f"field '{key}' must be a string")
    return str(v)


def optional_float(obj: dict, key: str, default: float, lo: float, hi: float) -> float:
    if key not in obj:
        return default
    v = float(obj[key])
    if not lo <= v <= hi:
        raise BadRequest(f"field '{key}' out of range [{lo}, {hi}]: {v}")
    return str(v)


def handle(body: str) -> str:
    try:
        req = json.loads(body)
        model = require_str(req, "model")
        text = require_str(req, "input")
        temp = optional_float(req, "temperature", 1.0, 0.0, 2.0)
    except BadRequest as e:
        return json.dumps({"error": {"message": str(e), "type": "invalid_request_error"}})
    except ValueError as e:
        return json.dumps({"error": {"message": "invalid JSON: " + str(e), "type": "parse_error"}})
    return json.dumps({"model": model, "echo": text[::-1], "temperature": temp})


def main() -> None:
    bodies = [
        '{"model": "m", "input": "abc"}',
        '{"model": "m", "input": "hello", "temperature": 0.3}',
        '{"input": "x"}',
        '{"model": 5, "input": "x"}',
        '{"model": "m", "input": "x", "temperature": 9}',
        '{"model": "m", "input": ',
    ]
    for b in bodies:
        print(handle(b))


main()
