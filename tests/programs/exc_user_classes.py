class AppError(Exception):
    """Base of this program's errors."""


class ParseError(AppError):
    pass


class Empty(ValueError):
    pass


def parse(s: str) -> int:
    if s == "":
        raise Empty("empty input")
    if not s.isdigit():
        raise ParseError("not a number: " + s)
    return int(s)


for s in ["12", "", "x1", "7"]:
    try:
        print(parse(s))
    except ParseError as e:
        print("parse error:", e, repr(e))
    except AppError:
        print("app error")
    except ValueError as e:
        print("value error:", e)
try:
    raise AppError
except Exception as e:
    print("caught", repr(e))
raise ParseError("bad", 3)
