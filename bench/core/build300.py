"""build300: a 300-line program for timing `kiln build` (not a speed
benchmark). A small shop ledger: it parses a product catalogue and a day's
orders from text, validates them, applies discounts and stock limits, and
prints an end-of-day report. Written in the subset kiln compiles.
"""

CATALOGUE = """\
# sku, name, category, price in cents, stock
A100, espresso beans 1kg, coffee, 2450, 40
A101, filter beans 1kg, coffee, 1990, 55
A102, decaf beans 500g, coffee, 1275, 12
B200, ceramic mug, kitchen, 899, 120
B201, travel mug, kitchen, 1599, 35
B202, milk jug, kitchen, 1150, 18
C300, paper filters x100, supplies, 450, 300
C301, descaler, supplies, 799, 25
C302, cleaning tablets, supplies, 650, 40
D400, hand grinder, equipment, 5900, 8
D401, pour-over kettle, equipment, 4200, 6
D402, scale 0.1g, equipment, 2899, 10
"""

ORDERS = """\
1001; anna; A100 x2, B200 x1, C300 x3
1002; ben; D400 x1, A101 x1
1003; chloe; B201 x2, C301 x1, C302 x2
1004; dmitri; A102 x5, A100 x1
1005; anna; D401 x1, D402 x1, C300 x10
1006; erin; Z999 x1
1007; farid; B202 x20
1008; ben; A101 x3, B200 x4, C300 x1
1009; gita; A100 x0
1010; chloe; D400 x2, D402 x1
1011; hugo; C301 x2, C302 x1, B200 x2
1012; anna; A101 x2, A102 x2
1013; ivan; B201 x1; extra
1014; erin; A100 x3, B202 x2, C300 x5
1015; gita; D401 x2, A100 x1
"""

BULK_THRESHOLD = 5
BULK_PERCENT = 10
LOYAL_ORDERS = 2
LOYAL_PERCENT = 5
VAT_PERCENT = 20

skus: list[str] = []
names: list[str] = []
categories: list[str] = []
prices: list[int] = []
stock: list[int] = []
sku_index: dict[str, int] = {}


def cents(n: int) -> str:
    sign = "-" if n < 0 else ""
    n = abs(n)
    return f"{sign}{n // 100}.{n % 100:02d}"


def parse_int(text: str, what: str) -> int:
    t = text.strip()
    if t == "" or not t.isdigit():
        raise ValueError(f"bad {what}: {text!r}")
    return int(t)


def load_catalogue(text: str) -> int:
    bad = 0
    for line in text.splitlines():
        line = line.strip()
        if line == "" or line.startswith("#"):
            continue
        fields = line.split(",")
        if len(fields) != 5:
            bad += 1
            continue
        try:
            price = parse_int(fields[3], "price")
            count = parse_int(fields[4], "stock")
        except ValueError as e:
            print(f"catalogue: {e}")
            bad += 1
            continue
        sku = fields[0].strip()
        sku_index[sku] = len(skus)
        skus.append(sku)
        names.append(fields[1].strip())
        categories.append(fields[2].strip())
        prices.append(price)
        stock.append(count)
    return bad


def parse_line_items(text: str) -> list[list[int]]:
    """'A100 x2, B200 x1' -> [[product index, quantity], ...]; raises ValueError."""
    items: list[list[int]] = []
    for part in text.split(","):
        bits = part.split()
        if len(bits) != 2 or not bits[1].startswith("x"):
            raise ValueError(f"bad item: {part.strip()!r}")
        sku = bits[0]
        if sku not in sku_index:
            raise KeyError(sku)
        qty = parse_int(bits[1][1:], "quantity")
        if qty == 0:
            raise ValueError(f"zero quantity for {sku}")
        items.append([sku_index[sku], qty])
    return items


def discount_percent(qty: int, customer_orders: int) -> int:
    pct = 0
    if qty >= BULK_THRESHOLD:
        pct += BULK_PERCENT
    if customer_orders >= LOYAL_ORDERS:
        pct += LOYAL_PERCENT
    return pct


def line_total(product: int, qty: int, pct: int) -> int:
    gross = prices[product] * qty
    return gross - gross * pct // 100


def vat(amount: int) -> int:
    return (amount * VAT_PERCENT + 50) // 100


def fill(product: int, wanted: int) -> int:
    """Takes up to `wanted` from stock; returns how many were available."""
    have = stock[product]
    got = min(have, wanted)
    stock[product] = have - got
    return got


def bar(value: int, top: int, width: int) -> str:
    if top <= 0:
        return ""
    n = value * width // top
    return "#" * n + "." * (width - n)


def reorder_quantity(product: int, sold_today: int, lead_days: int) -> int:
    """Enough for `lead_days` more days at today's rate, rounded up to a case of 6."""
    need = sold_today * lead_days - stock[product]
    if need <= 0:
        return 0
    cases = (need + 5) // 6
    return cases * 6


def receipt(order_id: str, who: str, lines: list[str], total: int) -> str:
    width = 36
    out: list[str] = []
    out.append("=" * width)
    out.append(f"receipt {order_id}".center(width))
    out.append(f"customer: {who}".center(width))
    out.append("-" * width)
    for line in lines:
        if len(line) > width:
            line = line[:width - 3] + "..."
        out.append(line)
    out.append("-" * width)
    out.append(f"{'total':<20}{cents(total):>16}")
    out.append("=" * width)
    return "\n".join(out)


def main() -> None:
    bad = load_catalogue(CATALOGUE)
    print(f"catalogue: {len(skus)} products, {bad} bad lines")

    customers: list[str] = []
    customer_orders: dict[str, int] = {}
    customer_spend: dict[str, int] = {}
    category_names: list[str] = []
    category_sales: dict[str, int] = {}
    sold: list[int] = [0] * len(skus)
    short: list[int] = [0] * len(skus)
    rejected: list[str] = []
    revenue = 0
    tax = 0
    orders_ok = 0

    for line in ORDERS.splitlines():
        if line.strip() == "":
            continue
        fields = line.split(";")
        if len(fields) != 3:
            rejected.append(f"{fields[0].strip()}: expected 3 fields, got {len(fields)}")
            continue
        order_id = fields[0].strip()
        who = fields[1].strip()
        try:
            items = parse_line_items(fields[2])
        except KeyError as e:
            rejected.append(f"{order_id}: unknown product {e}")
            continue
        except ValueError as e:
            rejected.append(f"{order_id}: {e}")
            continue
        if who not in customer_orders:
            customers.append(who)
            customer_orders[who] = 0
            customer_spend[who] = 0
        previous = customer_orders[who]
        order_total = 0
        notes: list[str] = []
        for item in items:
            product = item[0]
            qty = item[1]
            got = fill(product, qty)
            if got < qty:
                short[product] += qty - got
                notes.append(f"{skus[product]} short by {qty - got}")
            if got == 0:
                continue
            pct = discount_percent(got, previous)
            amount = line_total(product, got, pct)
            sold[product] += got
            cat = categories[product]
            if cat not in category_sales:
                category_names.append(cat)
                category_sales[cat] = 0
            category_sales[cat] += amount
            order_total += amount
        if order_total == 0:
            rejected.append(f"{order_id}: nothing could be filled")
            continue
        order_tax = vat(order_total)
        revenue += order_total
        tax += order_tax
        orders_ok += 1
        customer_orders[who] = previous + 1
        customer_spend[who] += order_total + order_tax
        extra = "" if len(notes) == 0 else " (" + "; ".join(notes) + ")"
        print(f"order {order_id} {who:<7} {cents(order_total):>9} + VAT {cents(order_tax):>7}{extra}")

    print()
    print(f"{orders_ok} orders filled, {len(rejected)} rejected")
    for r in rejected:
        print(f"  rejected {r}")

    print()
    print("sales by category:")
    top = 0
    for cat in category_names:
        top = max(top, category_sales[cat])
    for cat in sorted(category_names):
        amount = category_sales[cat]
        print(f"  {cat:<10} {cents(amount):>10} {bar(amount, top, 30)}")

    print()
    print("customers:")
    ranked: list[str] = []
    for who in customers:
        ranked.append(f"{customer_spend[who]:010d} {who}")
    ranked.sort()
    ranked.reverse()
    for entry in ranked:
        who = entry.split()[1]
        print(f"  {who:<7} {customer_orders[who]} orders {cents(customer_spend[who]):>10}")

    print()
    print("stock:")
    low: list[str] = []
    for i in range(len(skus)):
        flag = ""
        if stock[i] == 0:
            flag = " SOLD OUT"
            low.append(skus[i])
        elif stock[i] * 4 < stock[i] + sold[i]:
            flag = " low"
            low.append(skus[i])
        if short[i] > 0:
            flag += f" (short {short[i]})"
        print(f"  {skus[i]} {names[i]:<20} sold {sold[i]:>3} left {stock[i]:>4}{flag}")
    print(f"reorder: {', '.join(low) if len(low) > 0 else 'nothing'}")
    for i in range(len(skus)):
        q = reorder_quantity(i, sold[i], 3)
        if q > 0:
            print(f"  order {q} x {skus[i]} ({names[i]})")
    lines: list[str] = []
    for i in range(len(skus)):
        if sold[i] > 0:
            lines.append(f"{sold[i]:>3} x {names[i]:<20} {cents(sold[i] * prices[i]):>9}")
    print(receipt("day", "all", lines, revenue))

    print()
    total = revenue + tax
    print(f"revenue {cents(revenue)}, VAT {cents(tax)}, total {cents(total)}")
    if orders_ok > 0:
        print(f"average order {cents(total // orders_ok)}")
    check = 0
    for i in range(len(skus)):
        check = (check * 31 + sold[i] * 7 + stock[i]) % 1000003
    print(f"checksum {check}")


if __name__ == "__main__":
    main()
