class ConfigError(Exception):
    pass


def parse_port(s: str) -> int:
    try:
        port = int(s)
    except ValueError as e:
        raise ConfigError(f"bad port {s!r}") from e
    if not 0 < port < 65536:
        raise ConfigError(f"port out of range: {port}")
    return port


def load(entries: dict[str, str]) -> dict[str, int]:
    out: dict[str, int] = {}
    errors: list[str] = []
    for name, raw in entries.items():
        try:
            out[name] = parse_port(raw)
        except ConfigError as e:
            errors.append(f"{name}: {e}")
    if errors:
        print("\n".join(errors))
    return out


def main() -> None:
    ports = load({"http": "80", "https": "443", "admin": "eighty", "debug": "70000", "db": " 5432 "})
    print(ports)
    try:
        try:
            parse_port("x")
        except ConfigError:
            raise RuntimeError("startup failed")
    except RuntimeError as e:
        print("outer:", e)
    parse_port("-1")


main()
