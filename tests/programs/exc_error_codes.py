class AppError(Exception):
    pass


class NotFound(AppError):
    pass


class Forbidden(AppError):
    pass


USERS = {"ann": "admin", "bob": "viewer"}
DOCS = {"readme": "public", "salaries": "secret"}


def fetch(user: str, doc: str) -> str:
    if user not in USERS:
        raise Forbidden(f"unknown user {user}")
    if doc not in DOCS:
        raise NotFound(doc)
    if DOCS[doc] == "secret" and USERS[user] != "admin":
        raise Forbidden(f"{user} may not read {doc}")
    return f"<{doc} for {user}>"


def status(user: str, doc: str) -> tuple[int, str]:
    try:
        return 200, fetch(user, doc)
    except NotFound as e:
        return 404, f"not found: {e}"
    except Forbidden as e:
        return 403, str(e)
    except AppError:
        return 500, "internal"


def main() -> None:
    for u, d in [("ann", "readme"), ("bob", "salaries"), ("ann", "salaries"), ("cy", "readme"), ("bob", "nope")]:
        code, body = status(u, d)
        print(code, body)
    codes = [status(u, d)[0] for u in USERS for d in DOCS]
    print(codes, codes.count(200))
    e = NotFound("x")
    print(repr(e), str(e))
    raise Forbidden("final")


main()
