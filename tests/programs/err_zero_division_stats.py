# Error path: statistics over groups of measurements, with an explicit guard
# for empty groups in most places; one unguarded average divides by zero and
# the uncaught ZeroDivisionError ends the report.
groups: dict[str, list[float]] = {
    "north": [12.5, 14.0, 13.25, 15.5],
    "south": [22.0, 19.5],
    "east": [],
    "west": [8.0, 8.0, 8.0],
    "solo": [3.0],
}


def mean(xs: list[float]) -> float:
    return sum(xs, 0.0) / len(xs)


def variance(xs: list[float]) -> float:
    m = mean(xs)
    return sum([(x - m) ** 2 for x in xs], 0.0) / (len(xs) - 1)


for name in groups:
    xs = groups[name]
    if not xs:
        print(f"{name}: no data")
        continue
    line = f"{name}: n={len(xs)} mean={mean(xs):.3f}"
    try:
        line += f" var={variance(xs):.3f}"
    except ZeroDivisionError:
        line += " var=n/a"
    print(line)
for a, b in [(7, 2), (-7, 2), (7, -2), (0, 5)]:
    print(f"{a} / {b} = {a / b}, {a} // {b} = {a // b}, {a} % {b} = {a % b}")
for a, b in [(1, 0), (5, 0)]:
    try:
        print(a / b)
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
try:
    print(1.0 / 0.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(10 // 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(10 % 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(divmod(3, 0))
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(2.0 % 0.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
totals = {name: sum(xs, 0.0) for name, xs in groups.items()}
print("totals:", totals)
share = {name: round(100 * t / sum(totals.values(), 0.0), 1) for name, t in totals.items()}
print("share %:", share)
ratios = [mean(groups[n]) / mean(groups["west"]) for n in ["north", "south"]]
print("ratios to west:", [round(r, 4) for r in ratios])
print("east mean:", mean(groups["east"]))
