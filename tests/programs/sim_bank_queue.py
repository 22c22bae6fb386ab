class Account:
    def __init__(self, owner: str, balance: int = 0) -> None:
        self.owner = owner
        self.balance = balance
        self.history: list[str] = []

    def deposit(self, amount: int) -> None:
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(f"+{amount}")

    def withdraw(self, amount: int) -> bool:
        if amount > self.balance:
            self.history.append(f"!{amount}")
            return False
        self.balance -= amount
        self.history.append(f"-{amount}")
        return True

    def __str__(self) -> str:
        return f"{self.owner}: {self.balance}"


def simulate(seed: int, steps: int) -> list[Account]:
    accts = [Account("ann", 100), Account("bob"), Account("cy", 50)]
    x = seed
    for _ in range(steps):
        x = (x * 1103515245 + 12345) % 2147483648
        who = accts[x % 3]
        amt = (x >> 8) % 80 + 1
        if (x >> 4) % 2 == 0:
            who.deposit(amt)
        else:
            who.withdraw(amt)
    return accts


def main() -> None:
    accts = simulate(42, 25)
    for a in accts:
        print(a, a.history)
    print("total", sum(a.balance for a in accts))
    try:
        accts[0].deposit(-5)
    except ValueError as e:
        print("error:", e)


main()
