TEXT = 'id,name,score\n1,"Smith, Ann",9.5\n2,Bob,7\n3,"Quote ""Q"" Lee",8.25\n\n4,Dee,\n'


def parse_line(line: str):
    field = ""
    quoted = False
    i = 0
    while i < len(line):
        ch = line[i]
        if quoted:
            if ch == '"':
                if i + 1 < len(line) and line[i + 1] == '"':
                    field += '"'
                    i += 1
                else:
                    quoted = False
            else:
                field += ch
        elif ch == '"':
            quoted = True
        elif ch == ",":
            yield field
            field = ""
        else:
            field += ch
        i += 1
    yield field


def rows(text: str):
    for line in text.splitlines():
        if line:
            yield list(parse_line(line))


def main() -> None:
    it = rows(TEXT)
    header = next(it)
    print(header)
    for r in it:
        rec = dict(zip(header, r))
        score = float(rec["score"]) if rec["score"] else 0.0
        print(rec["id"], repr(rec["name"]), score)


main()
