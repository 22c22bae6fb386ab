class InvalidTransition(Exception):
    pass


class Order:
    TRANSITIONS = {
        "new": ["paid", "cancelled"],
        "paid": ["shipped", "refunded"],
        "shipped": ["delivered"],
        "delivered": [],
        "cancelled": [],
        "refunded": [],
    }

    def __init__(self, oid: int) -> None:
        self.oid = oid
        self.state = "new"
        self.history = ["new"]

    def advance(self, to: str) -> None:
        allowed = Order.TRANSITIONS[self.state]
        if to not in allowed:
            raise InvalidTransition(f"order {self.oid}: {self.state} -> {to} (allowed: {', '.join(allowed) or 'none'})")
        self.state = to
        self.history.append(to)

    @property
    def done(self) -> bool:
        return not Order.TRANSITIONS[self.state]

    def __repr__(self) -> str:
        return f"<Order {self.oid} {self.state}>"


def main() -> None:
    scripts = [
        (1, ["paid", "shipped", "delivered"]),
        (2, ["cancelled", "paid"]),
        (3, ["paid", "refunded"]),
        (4, ["shipped"]),
    ]
    orders = []
    for oid, steps in scripts:
        o = Order(oid)
        for s in steps:
            try:
                o.advance(s)
            except InvalidTransition as e:
                print("error:", e)
                break
        orders.append(o)
        print(o, o.done, " > ".join(o.history))
    print(sum(1 for o in orders if o.done), [o.oid for o in orders if not o.done])
    orders[0].advance("new")


main()
