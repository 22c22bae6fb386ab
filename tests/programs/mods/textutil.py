"""Text helpers used by imports_modules.py (imported, never run directly)."""
print("textutil: loaded as", __name__)

SEPARATOR = " | "
calls = 0


class TextError(ValueError):
    pass


def words(s: str) -> list[str]:
    global calls
    calls += 1
    out: list[str] = []
    for w in s.split():
        out.append(w.strip(".,!?").lower())
    return out


def longest(ws: list[str]) -> str:
    if len(ws) == 0:
        raise TextError("no words")
    best = ws[0]
    for w in ws:
        if len(w) > len(best):
            best = w
    return best
