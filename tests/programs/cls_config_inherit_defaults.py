class BaseConfig:
    name = "base"
    hidden = 128
    layers = 2
    dropout_pct = 10

    def __init__(self, overrides: dict[str, int]) -> None:
        self.values: dict[str, int] = {"hidden": self.hidden, "layers": self.layers, "dropout_pct": self.dropout_pct}
        for k, v in overrides.items():
            if k not in self.values:
                raise KeyError(k)
            self.values[k] = v

    def describe(self) -> str:
        return f"{self.name}: " + ", ".join(f"{k}={v}" for k, v in self.values.items())


class SmallConfig(BaseConfig):
    name = "small"
    hidden = 256


class LargeConfig(SmallConfig):
    name = "large"
    layers = 24
    dropout_pct = 0


def main() -> None:
    for c in [BaseConfig({}), SmallConfig({}), LargeConfig({}), LargeConfig({"layers": 12})]:
        print(c.describe())
    print(LargeConfig.hidden, SmallConfig.layers, BaseConfig.name)
    try:
        SmallConfig({"heads": 4})
    except KeyError as e:
        print("unknown key", e)


main()
