# Error path: configuration loading from "key = value" lines into nested
# dicts, with defaults via get(); a required key is missing at the end and
# the uncaught KeyError carries its repr.
CONFIG = """
[server]
host = example.org
port = 8080
# comment line
[database]
name = inventory
user = admin
pool = 5
[logging]
level = debug
"""


def parse(text: str) -> dict[str, dict[str, str]]:
    sections: dict[str, dict[str, str]] = {}
    current = ""
    for raw in text.split("\n"):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
            sections[current] = {}
            print("section", current)
            continue
        eq = line.find("=")
        key = line[:eq].strip()
        value = line[eq + 1:].strip()
        sections[current][key] = value
        print(f"  {key} = {value!r}")
    return sections


cfg = parse(CONFIG)
print(sorted(cfg))
print(cfg["server"]["host"], int(cfg["server"]["port"]) + 1)
print(cfg["database"].get("password", "<none>"), cfg["logging"].get("level", "info"))
for section in ["server", "cache", "database"]:
    try:
        print(section, "has", len(cfg[section]), "keys")
    except KeyError as e:
        print("no section", e)
counts = {name: len(values) for name, values in cfg.items()}
print(counts, sum(counts.values()))
ports: dict[int, str] = {8080: "http-alt", 443: "https"}
print(ports[8080])
try:
    print(ports[80])
except KeyError as e:
    print("KeyError:", e)
required = ["name", "user", "pool", "password"]
for key in required:
    print("checking", key)
    value = cfg["database"][key]
    print("  ok:", value)
