"""JSON-like string builder: serialise a few thousand generated records (ids,
names, escaped text, tags, float scores, nested objects and lists) to JSON text
by hand, compact and indented, the way a hand-written encoder does: string
escapes character by character, parts collected in lists and joined.
"""

RECORDS = 4000
ROUNDS = 6

FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John",
         "Margaret", "Dennis", "Ken", "Radia", "Niklaus", "Sophie", "Tony", "Lynn"]
LAST = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen",
        "McCarthy", "Hamilton", "Ritchie", "Thompson", "Perlman", "Wirth", "Wilson"]
TAGS = ["admin", "staff", "guest", "beta", "ops", "dev", "qa", "sales", "eu", "us"]
NOTES = ["likes \"quoted\" text", "path C:\\temp\\x", "two\nlines", "tab\there",
         "caf\u00e9 cr\u00e8me", "plain note", "bell\u0007 and nul\u0000", "\u00fcber \u2014 dash"]


def next_random(seed: int) -> int:
    return (seed * 1103515245 + 12345) % 2147483648


def escape(s: str) -> str:
    """s as a JSON string literal, with quotes."""
    parts: list[str] = ['"']
    start = 0
    for i in range(len(s)):
        c = s[i]
        if c == '"':
            esc = '\\"'
        elif c == "\\":
            esc = "\\\\"
        elif c == "\n":
            esc = "\\n"
        elif c == "\t":
            esc = "\\t"
        elif ord(c) < 32:
            esc = f"\\u{ord(c):04x}"
        else:
            continue
        if start < i:
            parts.append(s[start:i])
        parts.append(esc)
        start = i + 1
    if start < len(s):
        parts.append(s[start:])
    parts.append('"')
    return "".join(parts)


def number(x: float) -> str:
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return repr(x)


def str_list(items: list[str], indent: str, step: str) -> str:
    if len(items) == 0:
        return "[]"
    inner = indent + step
    parts: list[str] = []
    for it in items:
        parts.append(escape(it))
    if step == "":
        return "[" + ",".join(parts) + "]"
    return "[\n" + inner + (",\n" + inner).join(parts) + "\n" + indent + "]"


def float_list(items: list[float], indent: str, step: str) -> str:
    parts: list[str] = []
    for x in items:
        parts.append(number(x))
    if step == "":
        return "[" + ",".join(parts) + "]"
    return "[" + ", ".join(parts) + "]"


def obj(keys: list[str], values: list[str], indent: str, step: str) -> str:
    """An object from keys and already-encoded values."""
    inner = indent + step
    parts: list[str] = []
    for i in range(len(keys)):
        if step == "":
            parts.append(escape(keys[i]) + ":" + values[i])
        else:
            parts.append(escape(keys[i]) + ": " + values[i])
    if step == "":
        return "{" + ",".join(parts) + "}"
    return "{\n" + inner + (",\n" + inner).join(parts) + "\n" + indent + "}"


def record(i: int, seed: int, indent: str, step: str) -> str:
    inner = indent + step
    s = next_random(seed + i)
    name = FIRST[s % len(FIRST)] + " " + LAST[(s >> 8) % len(LAST)]
    email = name.lower().replace(" ", ".") + f"{i}@example.org"
    tags: list[str] = []
    for k in range((s >> 4) % 4):
        tags.append(TAGS[(s >> (k * 3 + 5)) % len(TAGS)])
    scores: list[float] = []
    for k in range(5):
        s = next_random(s)
        scores.append((s % 100000) / 64.0)
    address = obj(["street", "number", "zip"],
                  [escape(f"{LAST[s % len(LAST)]} Street"), str(s % 300),
                   escape(f"{s % 100000:05d}")], inner, step)
    active = "true" if s % 3 != 0 else "false"
    note = "null" if s % 5 == 0 else escape(NOTES[s % len(NOTES)] + f" #{i}")
    return obj(["id", "name", "email", "active", "tags", "scores", "address", "note"],
               [str(i), escape(name), escape(email), active, str_list(tags, inner, step),
                float_list(scores, inner, step), address, note], indent, step)


def document(n: int, seed: int, step: str) -> str:
    rows: list[str] = []
    inner = step + step
    for i in range(n):
        rows.append(record(i, seed, inner, step))
    if step == "":
        return '{"count":' + str(n) + ',"records":[' + ",".join(rows) + "]}"
    return ('{\n' + step + '"count": ' + str(n) + ',\n' + step + '"records": [\n' + inner
            + (",\n" + inner).join(rows) + "\n" + step + "]\n}")


def checksum(text: str) -> int:
    h = 0
    for i in range(0, len(text), 7):
        h = (h * 131 + ord(text[i])) % 1000000007
    return h


def main() -> None:
    for rnd in range(ROUNDS):
        compact = document(RECORDS, rnd, "")
        pretty = document(RECORDS, rnd, "  ")
        print(f"round {rnd}: compact {len(compact)} chars, checksum {checksum(compact)};"
              f" indented {len(pretty)} chars, {pretty.count(chr(10)) + 1} lines,"
              f" checksum {checksum(pretty)}")
    print(compact[:300])
    print(pretty[len(pretty) - 200:])


if __name__ == "__main__":
    main()
