# Exception classes with bodies: __init__ with fields and super().__init__,
# custom __str__, methods, class-attribute defaults, hierarchies, fields
# read in except handlers, e.args, repr, chaining, and an uncaught one.


class AppError(Exception):
    code: int = 500

    def __init__(self, code: int, msg: str) -> None:
        super().__init__(msg)
        self.code = code
        self.msg = msg

    def __str__(self) -> str:
        return f"[{self.code}] {self.msg}"

    def is_client(self) -> bool:
        return 400 <= self.code < 500


class NotFound(AppError):
    pass


class Conflict(AppError):
    def __init__(self, what: str, version: int) -> None:
        super().__init__(409, f"{what} changed (v{version})")
        self.version = version


class Plain(Exception):
    pass


class ParseError(ValueError):
    def __init__(self, line: int, text: str) -> None:
        super().__init__(f"bad line {line}: {text!r}")
        self.line = line


class Tagged(KeyError):
    def tag(self) -> str:
        return "T:" + str(self.args[0])


class Detailed(Plain):
    def __init__(self, detail: str) -> None:
        self.detail = detail


class Counted(Exception):
    raised = 0

    def __init__(self, n: int) -> None:
        super().__init__(n, n * 2)
        self.n = n


def fetch(key: str) -> str:
    if key == "missing":
        raise NotFound(404, f"no {key}")
    if key == "stale":
        raise Conflict(key, 3)
    if key == "broken":
        raise AppError(503, "backend down")
    return key.upper()


def parse(lines: list[str]) -> list[int]:
    out: list[int] = []
    for i, text in enumerate(lines):
        if not text.isdigit():
            raise ParseError(i + 1, text)
        out.append(int(text))
    return out


def service() -> None:
    for key in ["ok", "missing", "stale", "broken"]:
        try:
            print("got", fetch(key))
        except NotFound as e:
            print("not found:", e.code, e, e.args, e.is_client(), repr(e))
        except Conflict as e:
            print("conflict:", e.code, e.version, str(e), e.is_client())
        except AppError as e:
            print("app error:", e.code, e.msg, e, type(e).__name__)

    try:
        parse(["1", "2", "x3"])
    except ValueError as e:
        print("ValueError:", e, isinstance(e, ParseError))
    try:
        parse(["7", ""])
    except ParseError as e:
        print("line", e.line, "->", e, e.args)


def others() -> None:
    try:
        raise Tagged("k1")
    except Tagged as e:
        print(e.tag(), e, repr(e), e.args)
    try:
        raise Tagged("k2")
    except KeyError as e:
        print("KeyError", e)

    try:
        raise Detailed("deep")
    except Plain as e:
        print("plain caught", type(e).__name__, e)
    try:
        raise Detailed("deeper")
    except Detailed as e:
        print("detail:", e.detail, e.args, str(e))

    try:
        raise Counted(4)
    except Counted as e:
        print(e.n, e.args, e, Counted.raised)

    try:
        try:
            fetch("missing")
        except AppError as inner:
            raise RuntimeError("wrapped") from inner
    except RuntimeError as outer:
        print(outer, "| cause:", outer.__cause__)


service()
others()
# at module level, a name that several handlers bind is one global: its
# type is the classes' nearest common base
try:
    fetch("stale")
except AppError as err:
    print("module level:", err.code, err)

errors: list[AppError] = [NotFound(404, "a"), Conflict("b", 1), AppError(500, "c")]
print([e.code for e in errors], [str(e) for e in errors])
print(sorted(e.code for e in errors if e.is_client()))


def check(n: int) -> None:
    if n > 2:
        raise Conflict("config", n)


check(1)
check(5)
