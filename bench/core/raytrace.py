"""raytrace: a small ray tracer with a vector class. Every operation on a
Vec makes a new object (__add__, __sub__, __mul__, dot, norm), spheres and a
plane are objects of classes that override `hit`, and a scene is a list of
them. Renders a 64x48 image of diffuse and reflective spheres and prints a
checksum of the pixel values and a coarse ASCII rendering of its middle row.
"""
import math
from typing import Optional

W = 64
H = 48


class Vec:
    def __init__(self, x: float, y: float, z: float) -> None:
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, o: "Vec") -> "Vec":
        return Vec(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o: "Vec") -> "Vec":
        return Vec(self.x - o.x, self.y - o.y, self.z - o.z)

    def __mul__(self, k: float) -> "Vec":
        return Vec(self.x * k, self.y * k, self.z * k)

    def dot(self, o: "Vec") -> float:
        return self.x * o.x + self.y * o.y + self.z * o.z

    def norm(self) -> "Vec":
        n = math.sqrt(self.dot(self))
        return Vec(self.x / n, self.y / n, self.z / n)


class Hit:
    def __init__(self, t: float, point: Vec, normal: Vec, shape: "Shape") -> None:
        self.t = t
        self.point = point
        self.normal = normal
        self.shape = shape


class Shape:
    def __init__(self, color: Vec, reflect: float) -> None:
        self.color = color
        self.reflect = reflect

    def hit(self, origin: Vec, d: Vec) -> Optional[Hit]:
        return None


class Sphere(Shape):
    def __init__(self, center: Vec, radius: float, color: Vec, reflect: float) -> None:
        super().__init__(color, reflect)
        self.center = center
        self.radius = radius

    def hit(self, origin: Vec, d: Vec) -> Optional[Hit]:
        oc = origin - self.center
        b = oc.dot(d)
        c = oc.dot(oc) - self.radius * self.radius
        disc = b * b - c
        if disc < 0.0:
            return None
        s = math.sqrt(disc)
        t = -b - s
        if t < 1e-4:
            t = -b + s
        if t < 1e-4:
            return None
        p = origin + d * t
        return Hit(t, p, (p - self.center).norm(), self)


class Plane(Shape):
    def __init__(self, y: float, color: Vec, reflect: float) -> None:
        super().__init__(color, reflect)
        self.y = y

    def hit(self, origin: Vec, d: Vec) -> Optional[Hit]:
        if abs(d.y) < 1e-9:
            return None
        t = (self.y - origin.y) / d.y
        if t < 1e-4:
            return None
        p = origin + d * t
        check = (math.floor(p.x) + math.floor(p.z)) % 2
        return Hit(t, p, Vec(0.0, 1.0, 0.0), self if check == 0 else self)


class Scene:
    def __init__(self) -> None:
        self.shapes: list[Shape] = []
        self.light = Vec(-0.5, 1.0, -0.8).norm()

    def nearest(self, origin: Vec, d: Vec) -> Optional[Hit]:
        best: Optional[Hit] = None
        for s in self.shapes:
            h = s.hit(origin, d)
            if h is not None and (best is None or h.t < best.t):
                best = h
        return best

    def trace(self, origin: Vec, d: Vec, depth: int) -> Vec:
        h = self.nearest(origin, d)
        if h is None:
            k = 0.5 * (d.y + 1.0)
            return Vec(0.6, 0.7, 0.9) * k
        lam = h.normal.dot(self.light)
        if lam < 0.0:
            lam = 0.0
        if self.nearest(h.point, self.light) is not None:
            lam *= 0.3
        col = h.shape.color * (0.15 + 0.85 * lam)
        if depth > 0 and h.shape.reflect > 0.0:
            r = d - h.normal * (2.0 * d.dot(h.normal))
            col = col * (1.0 - h.shape.reflect) + self.trace(h.point, r, depth - 1) * h.shape.reflect
        return col


def main() -> None:
    scene = Scene()
    scene.shapes.append(Plane(-1.0, Vec(0.8, 0.8, 0.8), 0.1))
    scene.shapes.append(Sphere(Vec(0.0, 0.0, 4.0), 1.0, Vec(0.9, 0.2, 0.2), 0.3))
    scene.shapes.append(Sphere(Vec(-1.8, -0.3, 5.0), 0.7, Vec(0.2, 0.9, 0.3), 0.5))
    scene.shapes.append(Sphere(Vec(1.7, -0.5, 3.5), 0.5, Vec(0.2, 0.3, 0.9), 0.0))
    eye = Vec(0.0, 0.3, -1.0)
    checksum = 0
    middle = ""
    shades = " .:-=+*#%@"
    for frame in range(30):
        for j in range(H):
            for i in range(W):
                x = (i - W / 2) / H + frame * 0.01
                y = (H / 2 - j) / H
                d = Vec(x, y, 1.0).norm()
                c = scene.trace(eye, d, 3)
                v = int(255 * min(1.0, (c.x + c.y + c.z) / 3.0))
                checksum = (checksum * 31 + v) % 1000000007
                if frame == 0 and j == H // 2:
                    middle += shades[v * 10 // 256]
    print(checksum)
    print(middle)


if __name__ == "__main__":
    main()
