class Temperature:
    def __init__(self, celsius: float) -> None:
        self._c = celsius

    @property
    def celsius(self) -> float:
        return self._c

    @celsius.setter
    def celsius(self, v: float) -> None:
        if v < -273.15:
            raise ValueError(f"below absolute zero: {v}")
        self._c = v

    @property
    def fahrenheit(self) -> float:
        return self._c * 9 / 5 + 32

    @property
    def kelvin(self) -> float:
        return self._c + 273.15

    def __lt__(self, other: "Temperature") -> bool:
        return self._c < other._c

    def __repr__(self) -> str:
        return f"Temperature({self._c!r})"


class Thermostat:
    def __init__(self, target: float) -> None:
        self.target = Temperature(target)
        self.log: list[str] = []

    def react(self, current: Temperature) -> str:
        if current < self.target:
            action = "heat"
        elif self.target < current:
            action = "cool"
        else:
            action = "idle"
        self.log.append(action)
        return action


def main() -> None:
    t = Temperature(21.5)
    print(t, t.fahrenheit, round(t.kelvin, 2))
    t.celsius = -40.0
    print(t.celsius, t.fahrenheit)
    temps = [Temperature(c) for c in [30.0, -5.0, 21.0, 18.5]]
    print(sorted(temps), min(temps), max(temps))
    th = Thermostat(21.0)
    for c in [18.0, 21.0, 25.0, 20.9]:
        print(c, th.react(Temperature(c)))
    print(th.log)
    try:
        t.celsius = -300.0
    except ValueError as e:
        print("error:", e)
    print(t.celsius)


main()
