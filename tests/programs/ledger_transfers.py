# A bank ledger with an exception hierarchy: accounts in dicts, journal
# entries as tuples, transfers that roll back on failure (try/except/else/
# finally), overdraft limits, frozen accounts, and a final audit.
class LedgerError(Exception):
    pass


class InsufficientFunds(LedgerError):
    pass


class AccountFrozen(LedgerError):
    pass


class UnknownAccount(LedgerError):
    pass


balances: dict[str, int] = {"alice": 500, "bob": 120, "carol": 0, "dave": 75}
limits: dict[str, int] = {"alice": 0, "bob": 50, "carol": 0, "dave": 0}
frozen: set[str] = {"dave"}
journal: list[tuple[int, str, str, int]] = []
failures: dict[str, int] = {}


def check(name: str) -> None:
    if name not in balances:
        raise UnknownAccount(name)
    if name in frozen:
        raise AccountFrozen(f"{name} is frozen")


def withdraw(name: str, cents: int) -> None:
    check(name)
    if balances[name] - cents < -limits[name]:
        raise InsufficientFunds(f"{name} has {balances[name]}, limit {limits[name]}, needs {cents}")
    balances[name] -= cents


def deposit(name: str, cents: int) -> None:
    check(name)
    balances[name] += cents


def rollback(snapshot: dict[str, int], tid: int, what: str) -> bool:
    balances.clear()
    balances.update(snapshot)
    failures[what] = failures.get(what, 0) + 1
    print(f"  #{tid} FAILED ({what}), balances restored")
    return False


def transfer(tid: int, src: str, dst: str, cents: int) -> bool:
    snapshot = dict(balances)
    try:
        if cents <= 0:
            raise ValueError(f"amount must be positive, got {cents}")
        withdraw(src, cents)
        deposit(dst, cents)
    except UnknownAccount as e:
        return rollback(snapshot, tid, f"unknown account {e}")
    except LedgerError as e:
        return rollback(snapshot, tid, str(e))
    else:
        journal.append((tid, src, dst, cents))
        print(f"  #{tid} {src}->{dst} {cents}: ok")
        return True
    finally:
        total = sum(balances.values())
        assert total == 695, f"money leaked: {total}"


requests = [("alice", "bob", 200), ("bob", "carol", 340), ("bob", "carol", 370), ("carol", "alice", 10),
            ("dave", "alice", 5), ("alice", "erin", 1), ("carol", "dave", 100), ("bob", "alice", 0),
            ("alice", "carol", 300), ("alice", "bob", 1)]
ok = 0
for tid, (src, dst, cents) in enumerate(requests):
    try:
        if transfer(tid, src, dst, cents):
            ok += 1
    except ValueError as e:
        print(f"  #{tid} rejected: {e}")
print(f"{ok} of {len(requests)} transfers went through")
for name in sorted(balances):
    flag = " (frozen)" if name in frozen else ""
    print(f"{name:<6}{balances[name]:>6}{flag}")
print("journal:", journal)
print("failures:", sorted(failures.items()))
moved = sum(c for t, s, d, c in journal)
print("moved:", moved, "largest:", max(c for t, s, d, c in journal))
net: dict[str, int] = {}
for t, s, d, c in journal:
    net[s] = net.get(s, 0) - c
    net[d] = net.get(d, 0) + c
print("net flow:", dict(sorted(net.items())))
try:
    withdraw("zed", 1)
except LedgerError as e:
    print("LedgerError handler caught:", repr(e))
frozen.discard("dave")
transfer(99, "dave", "carol", 75)
print("dave after unfreezing:", balances["dave"], "carol:", balances["carol"])
