class FieldError(Exception):
    pass


def check_record(rec: dict[str, str]) -> list[str]:
    problems: list[str] = []
    checks = [("name", 1, 20), ("email", 5, 40), ("age", 1, 3)]
    for field, lo, hi in checks:
        try:
            v = rec[field]
            if not lo <= len(v) <= hi:
                raise FieldError(f"{field} length {len(v)} not in [{lo}, {hi}]")
            if field == "email" and "@" not in v:
                raise FieldError(f"{field} missing '@'")
            if field == "age" and int(v) < 0:
                raise FieldError("age negative")
        except KeyError as e:
            problems.append(f"missing {e}")
        except ValueError:
            problems.append(f"{field} not a number: {rec[field]!r}")
        except FieldError as e:
            problems.append(str(e))
    return problems


def main() -> None:
    recs = [
        {"name": "Ann", "email": "ann@x.org", "age": "34"},
        {"name": "", "email": "bobx.org", "age": "-1"},
        {"name": "Cy", "age": "old"},
        {"email": "d@e.f", "age": "1234"},
    ]
    bad = 0
    for i, r in enumerate(recs):
        p = check_record(r)
        bad += bool(p)
        print(i, "ok" if not p else "; ".join(p))
    print(f"{bad} of {len(recs)} invalid")


main()
