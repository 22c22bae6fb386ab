def simulate(inflow: list[float], capacity: float, drain: float) -> tuple[list[float], float]:
    level = 0.0
    spilled = 0.0
    levels: list[float] = []
    for q in inflow:
        level += q
        if level > capacity:
            spilled += level - capacity
            level = capacity
        level = max(0.0, level - drain)
        levels.append(round(level, 3))
    return levels, round(spilled, 3)


def main() -> None:
    rain = [0.0, 2.5, 4.0, 6.5, 1.0, 0.0, 0.0, 8.0, 9.5, 0.5, 0.0, 0.0]
    for cap, dr in [(10.0, 1.5), (5.0, 2.0), (20.0, 0.5)]:
        levels, spilled = simulate(rain, cap, dr)
        print(f"cap={cap} drain={dr} spilled={spilled} peak={max(levels)}")
        print("  " + " ".join(f"{x:4.1f}" for x in levels))


main()
