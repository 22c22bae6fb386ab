class Step:
    def __init__(self, name: str) -> None:
        self.name = name
        self.calls = 0

    def run(self, text: str) -> str:
        self.calls += 1
        return self.apply(text)

    def apply(self, text: str) -> str:
        raise NotImplementedError(f"{self.name} has no apply()")


class Lower(Step):
    def apply(self, text: str) -> str:
        return text.lower()


class Strip(Step):
    def __init__(self, chars: str) -> None:
        super().__init__("strip")
        self.chars = chars

    def apply(self, text: str) -> str:
        return text.strip(self.chars)


class Replace(Step):
    def __init__(self, old: str, new: str) -> None:
        super().__init__(f"replace({old!r})")
        self.old = old
        self.new = new

    def apply(self, text: str) -> str:
        return text.replace(self.old, self.new)


def run_all(steps: list[Step], texts: list[str]) -> list[str]:
    out = []
    for t in texts:
        for s in steps:
            t = s.run(t)
        out.append(t)
    return out


def main() -> None:
    steps: list[Step] = [Strip(" .!"), Lower("lower"), Replace("  ", " "), Replace("colour", "color")]
    print(run_all(steps, ["  Hello  World!  ", "The COLOUR red.", "...ok"]))
    print([(s.name, s.calls) for s in steps])
    run_all([Step("base")], ["x"])


main()
