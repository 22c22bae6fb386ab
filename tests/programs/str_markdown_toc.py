DOC = """# Kiln
Intro text.
## Install
### From source
## Usage
### Build
### Call
#### Advanced flags
## FAQ
Not a heading # here
"""


def slug(title: str) -> str:
    s = "".join(ch if ch.isalnum() or ch == " " or ch == "-" else "" for ch in title.lower())
    return s.strip().replace(" ", "-")


def toc(md: str, max_level: int) -> list[str]:
    out: list[str] = []
    seen: dict[str, int] = {}
    for line in md.splitlines():
        if not line.startswith("#"):
            continue
        level = len(line) - len(line.lstrip("#"))
        title = line[level:].strip()
        if level > max_level:
            continue
        s = slug(title)
        if s in seen:
            seen[s] += 1
            s = f"{s}-{seen[s]}"
        else:
            seen[s] = 0
        out.append(f"{'  ' * (level - 1)}- [{title}](#{s})")
    return out


def main() -> None:
    print("\n".join(toc(DOC, 3)))
    print(len(toc(DOC, 6)), slug("Hello, World! 2.0"), toc("# A\n# A\n# A", 1))


main()
