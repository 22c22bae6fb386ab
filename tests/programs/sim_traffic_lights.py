class Light:
    CYCLE = ["green", "yellow", "red"]
    DURATION = {"green": 4, "yellow": 1, "red": 3}

    def __init__(self, name: str, offset: int) -> None:
        self.name = name
        self.state = 0
        self.timer = Light.DURATION[Light.CYCLE[0]]
        for _ in range(offset):
            self.tick()

    @property
    def color(self) -> str:
        return Light.CYCLE[self.state]

    def tick(self) -> None:
        self.timer -= 1
        if self.timer == 0:
            self.state = (self.state + 1) % len(Light.CYCLE)
            self.timer = Light.DURATION[self.color]


def simulate(lights: list[Light], steps: int) -> dict[str, int]:
    green_time: dict[str, int] = {l.name: 0 for l in lights}
    for t in range(steps):
        row = " ".join(f"{l.color[0].upper()}" for l in lights)
        if t < 10:
            print(f"t={t:2d} {row}")
        for l in lights:
            if l.color == "green":
                green_time[l.name] += 1
            l.tick()
    return green_time


def main() -> None:
    lights = [Light("north", 0), Light("east", 4), Light("south", 2)]
    print(simulate(lights, 40))
    print([l.color for l in lights], [l.timer for l in lights])


main()
