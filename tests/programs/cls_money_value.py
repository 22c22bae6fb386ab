class Money:
    def __init__(self, cents: int, currency: str = "EUR") -> None:
        self.cents = cents
        self.currency = currency

    @classmethod
    def parse(cls, s: str) -> "Money":
        amount, _, cur = s.strip().partition(" ")
        whole, _, frac = amount.partition(".")
        frac = (frac + "00")[:2]
        sign = -1 if whole.startswith("-") else 1
        return cls(sign * (abs(int(whole)) * 100 + int(frac)), cur or "EUR")

    def _check(self, other: "Money") -> None:
        if self.currency != other.currency:
            raise ValueError(f"currency mismatch: {self.currency} vs {other.currency}")

    def __add__(self, other: "Money") -> "Money":
        self._check(other)
        return Money(self.cents + other.cents, self.currency)

    def __sub__(self, other: "Money") -> "Money":
        self._check(other)
        return Money(self.cents - other.cents, self.currency)

    def __lt__(self, other: "Money") -> bool:
        self._check(other)
        return self.cents < other.cents

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Money) and (self.cents, self.currency) == (other.cents, other.currency)

    def __hash__(self) -> int:
        return hash((self.cents, self.currency))

    def __str__(self) -> str:
        sign = "-" if self.cents < 0 else ""
        return f"{sign}{abs(self.cents) // 100}.{abs(self.cents) % 100:02d} {self.currency}"

    def split(self, n: int) -> list["Money"]:
        base, extra = divmod(self.cents, n)
        return [Money(base + (1 if i < extra else 0), self.currency) for i in range(n)]


def main() -> None:
    a = Money.parse("12.5")
    b = Money.parse("3.99 EUR")
    print(a, b, a + b, b - a, a < b)
    print([str(m) for m in Money(1000).split(3)], sum(m.cents for m in Money(1000).split(3)))
    print(len({Money(5), Money(5), Money(5, "USD")}), Money.parse("-0.5"))
    print(str(max([a, b, Money(700)])))
    a + Money(1, "USD")


main()
