class Discount:
    def apply(self, subtotal: float, qty: int) -> float:
        return 0.0

    def label(self) -> str:
        return "none"


class Percent(Discount):
    def __init__(self, pct: float) -> None:
        self.pct = pct

    def apply(self, subtotal: float, qty: int) -> float:
        return round(subtotal * self.pct / 100, 2)

    def label(self) -> str:
        return f"{self.pct:g}% off"


class BulkFixed(Discount):
    def __init__(self, min_qty: int, off: float) -> None:
        self.min_qty = min_qty
        self.off = off

    def apply(self, subtotal: float, qty: int) -> float:
        return self.off if qty >= self.min_qty else 0.0

    def label(self) -> str:
        return f"{self.off:.2f} off {self.min_qty}+ items"


class Cart:
    def __init__(self) -> None:
        self.lines: list[tuple[str, float, int]] = []

    def add(self, name: str, price: float, qty: int) -> "Cart":
        self.lines.append((name, price, qty))
        return self

    def total(self, d: Discount) -> tuple[float, float]:
        sub = 0.0
        qty = 0
        for _, p, q in self.lines:
            sub += p * q
            qty += q
        off = min(d.apply(sub, qty), sub)
        return round(sub, 2), round(sub - off, 2)


def main() -> None:
    cart = Cart().add("pen", 1.25, 4).add("book", 12.99, 1).add("bag", 24.5, 1)
    discounts: list[Discount] = [Discount(), Percent(10), Percent(12.5), BulkFixed(5, 5.0), BulkFixed(10, 5.0)]
    for d in discounts:
        sub, tot = cart.total(d)
        print(f"{d.label():<22} {sub:>7.2f} -> {tot:>7.2f}")
    best = min(discounts, key=lambda d: cart.total(d)[1])
    print("best:", best.label())


main()
