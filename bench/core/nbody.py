"""n-body: a star and four planets under Newtonian gravity, advanced with a
symplectic (semi-implicit) Euler integrator. The bodies live in parallel lists
of floats, one list per coordinate. Prints the system's energy before and after.
"""

STEPS = 250000
DT = 0.01
G = 39.47841760435743  # 4 * pi**2: AU, years and solar masses


def make_system() -> list[list[float]]:
    """Returns [x, y, z, vx, vy, vz, mass], each a list with one entry per body."""
    x: list[float] = [0.0]
    y: list[float] = [0.0]
    z: list[float] = [0.0]
    vx: list[float] = [0.0]
    vy: list[float] = [0.0]
    vz: list[float] = [0.0]
    mass: list[float] = [G]
    radii: list[float] = [1.3, 4.9, 9.2, 17.5]
    masses: list[float] = [0.0011, 0.00031, 0.000047, 0.000053]
    tilt: list[float] = [0.02, -0.015, 0.031, -0.008]
    for i in range(len(radii)):
        r = radii[i]
        speed: float = (G / r) ** 0.5
        # start each planet at a different point of its orbit
        if i % 2 == 0:
            x.append(r)
            y.append(0.0)
            vx.append(0.0)
            vy.append(speed)
        else:
            x.append(0.0)
            y.append(-r)
            vx.append(speed)
            vy.append(0.0)
        z.append(r * tilt[i])
        vz.append(speed * tilt[i] * 0.5)
        mass.append(masses[i] * G)
    # give the star the momentum that makes the total zero
    px = 0.0
    py = 0.0
    pz = 0.0
    for i in range(len(mass)):
        px += vx[i] * mass[i]
        py += vy[i] * mass[i]
        pz += vz[i] * mass[i]
    vx[0] = -px / mass[0]
    vy[0] = -py / mass[0]
    vz[0] = -pz / mass[0]
    return [x, y, z, vx, vy, vz, mass]


def energy(s: list[list[float]]) -> float:
    x = s[0]
    y = s[1]
    z = s[2]
    vx = s[3]
    vy = s[4]
    vz = s[5]
    mass = s[6]
    n = len(mass)
    e = 0.0
    for i in range(n):
        e += 0.5 * mass[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i])
        for j in range(i + 1, n):
            dx = x[i] - x[j]
            dy = y[i] - y[j]
            dz = z[i] - z[j]
            dist: float = (dx * dx + dy * dy + dz * dz) ** 0.5
            e -= mass[i] * mass[j] / dist
    return e


def advance(s: list[list[float]], steps: int, dt: float) -> None:
    x = s[0]
    y = s[1]
    z = s[2]
    vx = s[3]
    vy = s[4]
    vz = s[5]
    mass = s[6]
    n = len(mass)
    for _ in range(steps):
        for i in range(n):
            xi = x[i]
            yi = y[i]
            zi = z[i]
            mi = mass[i]
            for j in range(i + 1, n):
                dx = xi - x[j]
                dy = yi - y[j]
                dz = zi - z[j]
                d2 = dx * dx + dy * dy + dz * dz
                dist: float = d2 ** 0.5  # ** 0.5: kiln has no math.sqrt yet
                mag = dt / (d2 * dist)
                mj = mass[j] * mag
                vx[i] -= dx * mj
                vy[i] -= dy * mj
                vz[i] -= dz * mj
                mi_mag = mi * mag
                vx[j] += dx * mi_mag
                vy[j] += dy * mi_mag
                vz[j] += dz * mi_mag
        for i in range(n):
            x[i] += dt * vx[i]
            y[i] += dt * vy[i]
            z[i] += dt * vz[i]


def main() -> None:
    s = make_system()
    print(f"energy before: {energy(s):.12f}")
    advance(s, STEPS, DT)
    print(f"energy after:  {energy(s):.12f}")
    print(f"star at: {s[0][0]:.9f} {s[1][0]:.9f} {s[2][0]:.9f}")


if __name__ == "__main__":
    main()
