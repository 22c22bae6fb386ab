from dataclasses import dataclass


class OutOfStock(Exception):
    pass


@dataclass
class Item:
    sku: str
    price: float
    stock: int


class Store:
    def __init__(self) -> None:
        self.items: dict[str, Item] = {}
        self.revenue = 0.0

    def add(self, sku: str, price: float, stock: int) -> None:
        self.items[sku] = Item(sku, price, stock)

    def order(self, sku: str, qty: int) -> float:
        item = self.items[sku]
        if item.stock < qty:
            raise OutOfStock(f"{sku}: want {qty}, have {item.stock}")
        item.stock -= qty
        cost = round(item.price * qty, 2)
        self.revenue += cost
        return cost


def main() -> None:
    s = Store()
    s.add("apple", 0.5, 10)
    s.add("pear", 0.75, 4)
    s.add("melon", 3.2, 1)
    orders = [("apple", 3), ("pear", 5), ("melon", 1), ("apple", 7), ("melon", 1), ("kiwi", 1)]
    for sku, qty in orders:
        try:
            print(sku, qty, s.order(sku, qty))
        except OutOfStock as e:
            print("out of stock:", e)
        except KeyError as e:
            print("unknown sku:", e)
    print(f"revenue {s.revenue:.2f}")
    for it in s.items.values():
        print(it)
    print([i.sku for i in s.items.values() if i.stock == 0])


main()
