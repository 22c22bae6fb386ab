# An inventory system: stock levels and reorder points in dicts, orders
# processed in priority order with partial fills and backorders, restocking
# from a supplier schedule, and a valuation report.
class OutOfStock(Exception):
    pass


stock: dict[str, int] = {"bolt": 120, "nut": 200, "washer": 15, "gear": 4, "spring": 0}
price: dict[str, float] = {"bolt": 0.25, "nut": 0.1, "washer": 0.05, "gear": 12.5, "spring": 1.75}
reorder: dict[str, tuple[int, int]] = {"bolt": (50, 200), "nut": (80, 300), "washer": (20, 100),
                                       "gear": (5, 10), "spring": (10, 40)}
backorders: list[tuple[str, str, int]] = []
revenue = 0.0


def take(item: str, qty: int, allow_partial: bool) -> int:
    have = stock.get(item, 0)
    if item not in stock:
        raise KeyError(item)
    if have == 0 or (have < qty and not allow_partial):
        raise OutOfStock(f"{item}: want {qty}, have {have}")
    got = min(have, qty)
    stock[item] = have - got
    return got


def process(orders: list[tuple[int, str, str, int, bool]]) -> None:
    global revenue
    for prio, customer, item, qty, partial in sorted(orders):
        try:
            got = take(item, qty, partial)
        except OutOfStock as e:
            print(f"  p{prio} {customer:<6} backorder: {e}")
            backorders.append((customer, item, qty))
            continue
        except KeyError as e:
            print(f"  p{prio} {customer:<6} unknown item {e}")
            continue
        value = got * price[item]
        revenue += value
        note = "" if got == qty else f" (partial, {qty - got} backordered)"
        if got < qty:
            backorders.append((customer, item, qty - got))
        print(f"  p{prio} {customer:<6} {got:>4} x {item:<7} = {value:8.2f}{note}")


def restock() -> list[str]:
    ordered: list[str] = []
    for item in sorted(stock):
        point, amount = reorder[item]
        if stock[item] < point:
            stock[item] += amount
            ordered.append(f"{item}+{amount}")
    return ordered


def report(title: str) -> None:
    print(title)
    total = 0.0
    for item in sorted(stock):
        value = stock[item] * price[item]
        total += value
        low = " LOW" if stock[item] < reorder[item][0] else ""
        print(f"  {item:<7}{stock[item]:>5} @ {price[item]:5.2f} = {value:8.2f}{low}")
    print(f"  total value {total:.2f}")


report("opening stock")
day1 = [(2, "acme", "bolt", 100, False), (1, "bizco", "gear", 6, True), (3, "cogs", "washer", 20, False),
        (1, "acme", "spring", 5, True), (2, "dyn", "nut", 150, False), (3, "bizco", "sprocket", 1, False)]
print("day 1 orders:")
process(day1)
print("restock:", restock())
report("after day 1")
retry = [(0, c, i, q, True) for c, i, q in backorders]
backorders.clear()
print("day 2 retries backorders:")
process(retry)
print("restock:", restock())
report("after day 2")
print(f"revenue: {revenue:.2f}, open backorders: {backorders}")
by_item: dict[str, int] = {}
for c, i, q in backorders:
    by_item[i] = by_item.get(i, 0) + q
print("backordered units:", by_item)
