class VendingError(Exception):
    pass


class Machine:
    COINS = [200, 100, 50, 20, 10, 5]

    def __init__(self) -> None:
        self.stock = {"cola": (3, 150), "chips": (1, 95), "gum": (0, 40)}
        self.credit = 0

    def insert(self, coin: int) -> None:
        if coin not in Machine.COINS:
            raise VendingError(f"rejected coin {coin}")
        self.credit += coin

    def buy(self, item: str) -> list[int]:
        if item not in self.stock:
            raise VendingError(f"no such item {item}")
        qty, price = self.stock[item]
        if qty == 0:
            raise VendingError(f"{item} sold out")
        if self.credit < price:
            raise VendingError(f"need {price - self.credit} more")
        self.stock[item] = (qty - 1, price)
        change = self.credit - price
        self.credit = 0
        coins: list[int] = []
        for c in Machine.COINS:
            while change >= c:
                coins.append(c)
                change -= c
        return coins


def main() -> None:
    m = Machine()
    script: list[tuple[str, int, str]] = [("coin", 200, ""), ("buy", 0, "cola"), ("coin", 3, ""), ("coin", 50, ""),
                                          ("buy", 0, "chips"), ("coin", 100, ""), ("buy", 0, "chips"), ("buy", 0, "gum"),
                                          ("buy", 0, "tea")]
    for op, coin, item in script:
        try:
            if op == "coin":
                m.insert(coin)
                print("credit", m.credit)
            else:
                print("bought", item, "change", m.buy(item))
        except VendingError as e:
            print("error:", e)
    print(m.stock, m.credit)


main()
