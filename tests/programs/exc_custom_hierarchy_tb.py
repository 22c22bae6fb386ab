class KilnAppError(Exception):
    pass


class ConfigurationError(KilnAppError):
    pass


class MissingKeyError(ConfigurationError):
    pass


def require(cfg: dict[str, str], key: str) -> str:
    if key not in cfg:
        raise MissingKeyError(f"config key {key!r} is required")
    return cfg[key]


def setup(cfg: dict[str, str]) -> str:
    host = require(cfg, "host")
    port = require(cfg, "port")
    return f"{host}:{port}"


def main() -> None:
    print(setup({"host": "a", "port": "1"}))
    for cfg in [{"host": "b"}, {}]:
        try:
            setup(cfg)
        except ConfigurationError as e:
            print("config problem:", e)
    try:
        setup({"port": "2"})
    except KilnAppError as e:
        print("app problem:", e)
    setup({"host": "c"})


main()
