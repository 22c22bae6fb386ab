# Bank accounts in dicts: deposits, withdrawals, transfers with exceptions and a rollback.
balances: dict[str, int] = {"alice": 100, "bob": 50}
log: list[str] = []


def deposit(name: str, amount: int) -> None:
    if amount <= 0:
        raise ValueError(f"invalid amount {amount}")
    if name not in balances:
        raise KeyError(name)
    balances[name] = balances[name] + amount
    log.append(f"deposit {name} {amount}")


def withdraw(name: str, amount: int) -> None:
    if amount <= 0:
        raise ValueError(f"invalid amount {amount}")
    bal = balances[name]
    if bal < amount:
        raise RuntimeError(f"insufficient funds: {name} has {bal}, needs {amount}")
    balances[name] = bal - amount
    log.append(f"withdraw {name} {amount}")


def transfer(src: str, dst: str, amount: int) -> bool:
    withdraw(src, amount)
    try:
        deposit(dst, amount)
    except KeyError:
        balances[src] = balances[src] + amount
        log.append(f"rollback {src} {amount}")
        raise
    return True


ops = [("d", "alice", "", 25), ("w", "bob", "", 80), ("t", "alice", "bob", 60),
       ("t", "bob", "carol", 10), ("d", "dave", "", 5), ("w", "alice", "", -3), ("t", "alice", "bob", 65)]
for op in ops:
    kind, a, b, amt = op
    try:
        if kind == "d":
            deposit(a, amt)
        elif kind == "w":
            withdraw(a, amt)
        else:
            transfer(a, b, amt)
        print("ok", kind, a, b, amt)
    except KeyError as e:
        print("no such account:", e)
    except ValueError as e:
        print("bad value:", e)
    except RuntimeError as e:
        print("failed:", e)
print(balances)
for entry in log:
    print(entry)
print(balances["alice"] + balances["bob"])
