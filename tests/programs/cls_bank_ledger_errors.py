class LedgerError(Exception):
    pass


class InsufficientFunds(LedgerError):
    pass


class Ledger:
    def __init__(self) -> None:
        self.balances: dict[str, int] = {}
        self.entries: list[tuple[str, str, int]] = []

    def open(self, name: str, amount: int = 0) -> None:
        if name in self.balances:
            raise LedgerError(f"account {name} exists")
        self.balances[name] = amount

    def transfer(self, src: str, dst: str, amount: int) -> None:
        if amount <= 0:
            raise LedgerError("amount must be positive")
        for n in (src, dst):
            if n not in self.balances:
                raise LedgerError(f"no account {n}")
        if self.balances[src] < amount:
            raise InsufficientFunds(f"{src} has {self.balances[src]}, needs {amount}")
        self.balances[src] -= amount
        self.balances[dst] += amount
        self.entries.append((src, dst, amount))

    def statement(self, name: str) -> list[str]:
        lines = []
        for s, d, a in self.entries:
            if s == name:
                lines.append(f"-{a} to {d}")
            elif d == name:
                lines.append(f"+{a} from {s}")
        return lines


def main() -> None:
    led = Ledger()
    led.open("ann", 100)
    led.open("bob", 20)
    led.open("cy")
    ops = [("ann", "bob", 30), ("bob", "cy", 60), ("bob", "cy", 50), ("cy", "zed", 1), ("cy", "ann", 0)]
    for s, d, a in ops:
        try:
            led.transfer(s, d, a)
            print("ok", s, d, a)
        except InsufficientFunds as e:
            print("insufficient:", e)
        except LedgerError as e:
            print("ledger error:", e)
    print(led.balances, sum(led.balances.values()))
    for n in ["ann", "bob", "cy"]:
        print(n, led.statement(n))
    led.open("ann")


main()
