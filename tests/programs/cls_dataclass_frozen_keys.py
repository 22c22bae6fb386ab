from dataclasses import dataclass, field


@dataclass(frozen=True)
class Point:
    x: int
    y: int

    def neighbors(self) -> list["Point"]:
        return [Point(self.x + dx, self.y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]

    def manhattan(self, other: "Point") -> int:
        return abs(self.x - other.x) + abs(self.y - other.y)


@dataclass
class Grid:
    width: int
    height: int
    walls: set[Point] = field(default_factory=set)

    def inside(self, p: Point) -> bool:
        return 0 <= p.x < self.width and 0 <= p.y < self.height

    def bfs(self, start: Point, goal: Point) -> int:
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt: list[Point] = []
            for p in frontier:
                if p == goal:
                    return dist[p]
                for q in p.neighbors():
                    if self.inside(q) and q not in self.walls and q not in dist:
                        dist[q] = dist[p] + 1
                        nxt.append(q)
            frontier = nxt
        return -1


def main() -> None:
    g = Grid(6, 4)
    for y in range(3):
        g.walls.add(Point(2, y))
    g.walls.add(Point(4, 3))
    g.walls.add(Point(4, 2))
    s = Point(0, 0)
    e = Point(5, 3)
    print(s, e, s.manhattan(e), len(g.walls))
    print("steps:", g.bfs(s, e))
    print(Point(1, 2) == Point(1, 2), Point(1, 2) in g.walls, Point(2, 1) in g.walls)
    print(g.bfs(s, Point(3, 0)))
    try:
        s.x = 5
    except Exception as ex:
        print("frozen:", ex)


main()
