import json


class AppError(Exception):
    pass


def load(text: str) -> int:
    try:
        return int(json.loads(text)["n"])
    except (ValueError, KeyError) as e:
        raise AppError(f"bad config: {type(e).__name__}") from e


for t in ['{"n": 3}', '{"m": 1}', "{bad"]:
    try:
        print(load(t))
    except AppError as e:
        print(type(e).__name__, e, e.args, type(e.__cause__).__name__)
try:
    raise ValueError("x", 2)
except ValueError as e:
    print(e.args, len(e.args), e.__context__ is None)
print(type(3).__name__, type("s").__name__, type([1]).__name__, (1.5).__class__.__name__ if False else type(1.5).__name__)
