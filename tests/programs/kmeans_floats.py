# k-means clustering in pure floats on 2-D points from a deterministic LCG:
# Forgy initialisation, assignment/update iterations until stable, inertia,
# and a run with k from 1 to 4 (the elbow).
seed = 12345


def rand() -> float:
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648


def blob(cx: float, cy: float, spread: float, n: int) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    for _ in range(n):
        pts.append((cx + (rand() - 0.5) * spread, cy + (rand() - 0.5) * spread))
    return pts


def dist2(a: tuple[float, float], b: tuple[float, float]) -> float:
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    return dx * dx + dy * dy


def assign(points: list[tuple[float, float]], cents: list[tuple[float, float]]) -> list[int]:
    labels: list[int] = []
    for p in points:
        best = 0
        for k in range(1, len(cents)):
            if dist2(p, cents[k]) < dist2(p, cents[best]):
                best = k
        labels.append(best)
    return labels


def kmeans(points: list[tuple[float, float]], k: int, verbose: bool) -> tuple[list[tuple[float, float]], list[int], float]:
    step = len(points) // k
    cents = [points[i * step] for i in range(k)]
    labels = assign(points, cents)
    for it in range(1, 50):
        new: list[tuple[float, float]] = []
        for c in range(k):
            xs = [p[0] for p, l in zip(points, labels) if l == c]
            ys = [p[1] for p, l in zip(points, labels) if l == c]
            if xs:
                new.append((sum(xs, 0.0) / len(xs), sum(ys, 0.0) / len(ys)))
            else:
                new.append(cents[c])
        moved = max(dist2(a, b) for a, b in zip(cents, new)) ** 0.5
        cents = new
        labels2 = assign(points, cents)
        changed = sum(1 for a, b in zip(labels, labels2) if a != b)
        labels = labels2
        if verbose:
            print(f"  iter {it}: moved {moved:.4f}, {changed} relabelled")
        if changed == 0:
            break
    inertia = sum(dist2(p, cents[l]) for p, l in zip(points, labels))
    return cents, labels, inertia


points = blob(1.0, 1.0, 1.5, 12) + blob(6.0, 2.0, 2.0, 10) + blob(3.5, 7.0, 1.0, 8)
print("points:", len(points), "first:", [(round(x, 3), round(y, 3)) for x, y in points[:3]])
xs = [p[0] for p in points]
ys = [p[1] for p in points]
print(f"bounds x [{min(xs):.3f}, {max(xs):.3f}] y [{min(ys):.3f}, {max(ys):.3f}]")
cents, labels, inertia = kmeans(points, 3, True)
for c, (cx, cy) in enumerate(cents):
    members = [i for i, l in enumerate(labels) if l == c]
    print(f"cluster {c}: centre ({cx:.3f}, {cy:.3f}) size {len(members)} first {members[:5]}")
print(f"inertia: {inertia:.4f}")
for k in range(1, 5):
    c2, l2, i2 = kmeans(points, k, False)
    sizes = sorted([l2.count(c) for c in range(k)], reverse=True)
    print(f"k={k}: inertia {i2:10.4f} sizes {sizes}")
print("labels:", "".join(str(l) for l in labels))
