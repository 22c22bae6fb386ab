# CSV-ish parsing with split: a sales table with a header, quoted-free fields,
# bad rows reported and skipped, totals per region and per product.
DATA = """date,region,product,units,unit_price
2024-01-03,north,widget,12,2.50
2024-01-03,south,gadget,3,10.00
2024-01-04,north,gadget,5,9.75
2024-01-05,east,widget,,2.50
2024-01-05,east,gizmo,7,4.20
2024-01-06,south,widget,20,2.40
2024-01-06,west,gizmo,two,4.20
2024-01-07,north,widget,8,2.55
2024-01-07,south,gizmo,1,4.00,extra
2024-01-08,east,gadget,4,10.50"""


def parse_row(header: list[str], line: str) -> dict[str, str]:
    fields = [f.strip() for f in line.split(",")]
    if len(fields) != len(header):
        raise ValueError(f"expected {len(header)} fields, got {len(fields)}")
    row: dict[str, str] = {}
    for name, value in zip(header, fields):
        row[name] = value
    return row


lines = DATA.strip().split("\n")
header = lines[0].split(",")
print("columns:", header)
good: list[dict[str, str]] = []
for n, line in enumerate(lines[1:]):
    try:
        row = parse_row(header, line)
        units = int(row["units"])
        price = float(row["unit_price"])
    except ValueError as e:
        print(f"row {n + 2}: skipped ({e})")
        continue
    row["total"] = f"{units * price:.2f}"
    good.append(row)
    print(f"row {n + 2}: {row['region']:<6}{row['product']:<8}{units:>4} x {price:6.2f} = {row['total']:>7}")

by_region: dict[str, float] = {}
by_product: dict[str, int] = {}
for row in good:
    by_region[row["region"]] = by_region.get(row["region"], 0.0) + float(row["total"])
    by_product[row["product"]] = by_product.get(row["product"], 0) + int(row["units"])

print()
print(f"{'region':<8}|{'revenue':>10}")
print("-" * 19)
grand = 0.0
for region in sorted(by_region):
    grand += by_region[region]
    print(f"{region:<8}|{by_region[region]:>10.2f}")
print("-" * 19)
print(f"{'total':<8}|{grand:>10.2f}")
print()
best = ""
for product, units in sorted(by_product.items()):
    print(f"{product}: {units} units")
    if best == "" or units > by_product[best]:
        best = product
print("best seller:", best)
dates = sorted(set(row["date"] for row in good))
print("days with sales:", len(dates), "from", dates[0], "to", dates[-1])
daily: dict[str, float] = {}
for row in good:
    daily[row["date"]] = daily.get(row["date"], 0.0) + float(row["total"])
peak = max(daily.values())
for day in dates:
    mark = " <- peak" if daily[day] == peak else ""
    print(day, f"{daily[day]:8.2f}{mark}")
out = [",".join([r["date"], r["region"], r["total"]]) for r in good if float(r["total"]) > 30]
print("\n".join(out))
