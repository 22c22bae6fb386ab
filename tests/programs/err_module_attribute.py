# Error path: a helper module whose imperial table only exists when a flag is
# off. Reading it through the module raises AttributeError at run time —
# caught once, uncaught at the end. Module state is shared across imports.
import mods.units as units
from mods.units import convert, UnitError, LENGTH

print("metric:", units.METRIC, "units:", sorted(LENGTH))
for value, src, dst in [(1.5, "km", "m"), (250.0, "mm", "cm"), (3.0, "m", "km"), (12.0, "cm", "mm")]:
    print(f"{value} {src} = {convert(value, src, dst):g} {dst}")
print("conversions so far:", units.conversions)
try:
    convert(1.0, "ft", "m")
except UnitError as e:
    print("UnitError:", e)
try:
    convert(1.0, "m", "yd")
except ValueError as e:
    print("caught as ValueError:", e)
try:
    table = units.LENGTH_IMPERIAL
    print(len(table))
except AttributeError as e:
    print("AttributeError:", e)
units.conversions = 100
print(units.conversions, convert(2.0, "m", "cm"), units.conversions)
route = [("home", 0.0), ("shop", 1.2), ("park", 2.75), ("school", 4.1)]
legs: list[str] = []
for i in range(1, len(route)):
    km = route[i][1] - route[i - 1][1]
    legs.append(f"{route[i - 1][0]}->{route[i][0]}: {convert(km, 'km', 'm'):.0f} m")
print("\n".join(legs))
total_m = convert(route[-1][1], "km", "m")
print(f"total {total_m:.1f} m in {units.conversions - 100} conversions")
longest_end = ""
best = 0.0
for i in range(1, len(route)):
    km = route[i][1] - route[i - 1][1]
    if km > best:
        best = km
        longest_end = route[i][0]
print("longest leg ends at", longest_end, f"({convert(best, 'km', 'cm'):.0f} cm)")
units.METRIC = False
print("metric flag now", units.METRIC, "but the table was decided at import time")
miles = total_m / units.LENGTH_IMPERIAL["mi"]
print("miles:", miles)
