def histogram(values: list[float], bins: int, lo: float, hi: float) -> list[int]:
    counts = [0] * bins
    width = (hi - lo) / bins
    for v in values:
        i = int((v - lo) / width)
        if i == bins:
            i -= 1
        if 0 <= i < bins:
            counts[i] += 1
    return counts


def render(counts: list[int], lo: float, hi: float, width: int) -> list[str]:
    peak = max(counts)
    step = (hi - lo) / len(counts)
    lines = []
    for i, c in enumerate(counts):
        bar = "#" * (c * width // peak if peak else 0)
        lines.append(f"[{lo + i * step:5.2f}, {lo + (i + 1) * step:5.2f}) {c:3d} {bar}")
    return lines


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    k = (len(s) - 1) * p
    f = int(k)
    c = min(f + 1, len(s) - 1)
    return s[f] + (s[c] - s[f]) * (k - f)


def main() -> None:
    vals = [((i * 37) % 101) / 100.0 for i in range(60)]
    counts = histogram(vals, 5, 0.0, 1.0)
    print(counts, sum(counts))
    for line in render(counts, 0.0, 1.0, 30):
        print(line)
    for p in [0.0, 0.25, 0.5, 0.9, 1.0]:
        print(p, round(percentile(vals, p), 4))


main()
