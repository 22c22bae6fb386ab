import math


def dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def assign(points: list[tuple[float, float]], centers: list[tuple[float, float]]) -> list[int]:
    out: list[int] = []
    for p in points:
        best = min(range(len(centers)), key=lambda i: dist(p, centers[i]))
        out.append(best)
    return out


def update(points: list[tuple[float, float]], assign_: list[int], k: int) -> list[tuple[float, float]]:
    sums = [[0.0, 0.0, 0.0] for _ in range(k)]
    for (x, y), c in zip(points, assign_):
        sums[c][0] += x
        sums[c][1] += y
        sums[c][2] += 1
    return [(s[0] / s[2], s[1] / s[2]) if s[2] else (0.0, 0.0) for s in sums]


def main() -> None:
    pts = [(1.0, 1.0), (1.5, 2.0), (3.0, 4.0), (5.0, 7.0), (3.5, 5.0), (4.5, 5.0), (3.5, 4.5), (9.0, 9.0)]
    centers = [pts[0], pts[3], pts[7]]
    for it in range(5):
        a = assign(pts, centers)
        new = update(pts, a, len(centers))
        moved = sum(dist(c, n) for c, n in zip(centers, new))
        print(it, a, [(round(x, 3), round(y, 3)) for x, y in new], round(moved, 5))
        centers = new
        if moved < 1e-9:
            break
    groups: dict[int, list[tuple[float, float]]] = {}
    for p, c in zip(pts, assign(pts, centers)):
        groups.setdefault(c, []).append(p)
    for c in sorted(groups):
        print(c, groups[c])


main()
