from .constants import PI, ROUND


def circle_area(r: float) -> float:
    return round(PI * r * r, ROUND) if False else PI * r * r


def square_area(s: float) -> float:
    return s * s
