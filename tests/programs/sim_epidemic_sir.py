def sir(n: int, i0: int, beta: float, gamma: float, days: int) -> list[tuple[int, float, float, float]]:
    s = float(n - i0)
    i = float(i0)
    r = 0.0
    out = [(0, s, i, r)]
    for day in range(1, days + 1):
        new_inf = beta * s * i / n
        new_rec = gamma * i
        s -= new_inf
        i += new_inf - new_rec
        r += new_rec
        out.append((day, s, i, r))
    return out


def main() -> None:
    traj = sir(10000, 10, 0.3, 0.1, 120)
    for day, s, i, r in traj[::20]:
        print(f"day {day:3d}: S={s:9.1f} I={i:8.1f} R={r:9.1f}")
    peak = max(traj, key=lambda t: t[2])
    print(f"peak day {peak[0]} with {peak[2]:.1f} infected")
    print(f"final attack rate {traj[-1][3] / 10000:.2%}")


main()
