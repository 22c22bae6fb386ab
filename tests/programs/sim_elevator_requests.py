class Elevator:
    def __init__(self, floors: int) -> None:
        self.floors = floors
        self.at = 0
        self.direction = 1
        self.stops: set[int] = set()
        self.moves = 0

    def call(self, floor: int) -> None:
        if not 0 <= floor < self.floors:
            raise ValueError(f"no floor {floor}")
        self.stops.add(floor)

    def step(self) -> str:
        if not self.stops:
            return "idle"
        if self.at in self.stops:
            self.stops.discard(self.at)
            return f"open at {self.at}"
        ahead = [s for s in self.stops if (s - self.at) * self.direction > 0]
        if not ahead:
            self.direction = -self.direction
        self.at += self.direction
        self.moves += 1
        return f"move to {self.at}"


def main() -> None:
    e = Elevator(10)
    for f in [5, 2, 8]:
        e.call(f)
    log = []
    for t in range(20):
        if t == 3:
            e.call(1)
        msg = e.step()
        log.append(msg)
        if msg == "idle":
            break
    print("\n".join(log))
    print("moves", e.moves, "at", e.at)
    try:
        e.call(12)
    except ValueError as ex:
        print("error:", ex)


main()
