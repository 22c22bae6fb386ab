PATH = "/tmp/kiln_corpus_files_config_ini.ini"

TEXT = """; comment
[model]
name = mini
dim = 384

[server]
host = 0.0.0.0
port = 8080
workers = 4
# another comment
[empty]
"""


def parse_ini(path: str) -> dict[str, dict[str, str]]:
    sections: dict[str, dict[str, str]] = {}
    current = ""
    with open(path) as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line[0] in ";#":
                continue
            if line.startswith("[") and line.endswith("]"):
                current = line[1:-1]
                sections[current] = {}
                continue
            if "=" not in line or not current:
                raise SyntaxError(f"line {lineno}: cannot parse {line!r}")
            k, v = line.split("=", 1)
            sections[current][k.strip()] = v.strip()
    return sections


def main() -> None:
    with open(PATH, "w") as f:
        f.write(TEXT)
    cfg = parse_ini(PATH)
    print(list(cfg), cfg["server"])
    port = int(cfg["server"]["port"])
    print(f"http://{cfg['server']['host']}:{port}/v1", int(cfg["model"]["dim"]) // 2, cfg["empty"])
    with open(PATH, "a") as f:
        f.write("oops no equals\n")
    try:
        parse_ini(PATH)
    except SyntaxError as e:
        print("error:", e)


main()
