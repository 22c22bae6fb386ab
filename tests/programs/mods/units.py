"""Unit conversion tables used by err_module_attribute.py (imported, never run directly)."""
print("units: loaded")

METRIC = True
LENGTH = {"mm": 0.001, "cm": 0.01, "m": 1.0, "km": 1000.0}
conversions = 0
if not METRIC:
    LENGTH_IMPERIAL = {"in": 0.0254, "ft": 0.3048, "mi": 1609.344}


class UnitError(ValueError):
    pass


def convert(value: float, src: str, dst: str) -> float:
    global conversions
    if src not in LENGTH or dst not in LENGTH:
        raise UnitError(f"unknown unit in {src}->{dst}")
    conversions += 1
    return value * LENGTH[src] / LENGTH[dst]
