class Config:
    defaults = {"lr": 0.1, "epochs": 3.0}

    def __init__(self, name: str, values: dict[str, float]) -> None:
        self.name = name
        self.values = values

    @classmethod
    def from_text(cls, text: str) -> "Config":
        name, rest = text.split(":")[0], text.split(":")[1]
        values: dict[str, float] = dict(cls.defaults)
        for part in rest.split(","):
            k, v = part.split("=")[0], part.split("=")[1]
            values[k.strip()] = float(v)
        return cls(name.strip(), values)

    def get(self, key: str) -> float:
        return self.values.get(key, -1.0)

    def __repr__(self) -> str:
        return f"Config({self.name!r}, {sorted(self.values.items())})"


class Special(Config):
    defaults = {"lr": 0.5}

    def get(self, key: str) -> float:
        return 2 * super().get(key)


c = Config.from_text("run1: lr=0.01, batch=32")
s = Special.from_text("run2: epochs=7")
print(c, s)
print(c.get("lr"), c.get("batch"), s.get("lr"), s.get("epochs"), s.get("nope"))
print(isinstance(s, Config), isinstance(c, Special))
