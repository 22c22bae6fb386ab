# A record validator with its own exception hierarchy: errors are collected,
# re-raised with context, and the last one escapes uncaught.


class ValidationError(ValueError):
    """Base class of the validator's errors."""


class MissingField(ValidationError):
    pass


class BadRange(ValidationError):
    pass


class Fatal(RuntimeError):
    pass


def require(rec: dict[str, int], field: str) -> int:
    if field not in rec:
        raise MissingField(field)
    return rec[field]


def check_age(rec: dict[str, int]) -> int:
    age = require(rec, "age")
    if age < 0 or age > 150:
        raise BadRange("age", age)
    return age


def validate(recs: list[dict[str, int]]) -> list[str]:
    problems: list[str] = []
    for i, rec in enumerate(recs):
        try:
            check_age(rec)
            require(rec, "id")
        except MissingField as e:
            problems.append(f"record {i}: missing {e}")
        except BadRange as e:
            problems.append(f"record {i}: out of range {e!r}")
        else:
            problems.append(f"record {i}: ok")
    return problems


records = [{"id": 1, "age": 30}, {"id": 2}, {"age": 200}, {"age": 5}, {"id": 5, "age": -1}]
for line in validate(records):
    print(line)

try:
    try:
        check_age({"age": 999})
    except ValidationError as e:
        print("wrapping", repr(e))
        raise Fatal("cannot continue") from e
except RuntimeError as e:
    print("outer caught:", e)

try:
    require({}, "name")
except ValueError as e:
    print("a MissingField is a ValueError:", e)

check_age({"age": 151})
