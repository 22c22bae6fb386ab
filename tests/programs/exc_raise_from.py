class ConfigError(Exception):
    pass


def load(d: dict[str, int], key: str) -> int:
    try:
        return d[key]
    except KeyError as e:
        raise ConfigError("missing key " + key) from e


def quiet(d: dict[str, int], key: str) -> int:
    try:
        return d[key]
    except KeyError:
        raise ConfigError("quiet " + key) from None


d = {"a": 1}
print(load(d, "a"))
try:
    load(d, "b")
except ConfigError as e:
    print("caught:", e)
try:
    quiet(d, "zz")
except ConfigError as e:
    print("caught:", e)
load(d, "c")
