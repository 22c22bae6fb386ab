import re

def main() -> None:
    m = re.match(r"(\w+)(?:=(\w+))?", "key")
    g = m.group(2) if m else None
    if g is not None:
        print(g.upper())
    else:
        print("no value")
    v = m.group(2) or "default"
    print(v, f"{m.group(2)}", str(m.group(2)), m.group(2) == "x")
    name, value = m.groups()
    print(name.upper(), value)

main()
