# Dijkstra's shortest paths over a dict-of-lists road map with a list-based
# priority queue (linear scan for the minimum), path reconstruction, and
# the effect of closing a road.
ROADS = [
    ("amsterdam", "utrecht", 45), ("amsterdam", "haarlem", 20), ("haarlem", "leiden", 30),
    ("leiden", "den_haag", 20), ("utrecht", "arnhem", 65), ("utrecht", "den_bosch", 55),
    ("den_haag", "rotterdam", 25), ("rotterdam", "den_bosch", 80), ("rotterdam", "utrecht", 60),
    ("den_bosch", "eindhoven", 35), ("arnhem", "eindhoven", 90), ("leiden", "utrecht", 55),
    ("groningen", "zwolle", 105),
]


def build(roads: list[tuple[str, str, int]]) -> dict[str, list[tuple[str, int]]]:
    g: dict[str, list[tuple[str, int]]] = {}
    for a, b, km in roads:
        g.setdefault(a, []).append((b, km))
        g.setdefault(b, []).append((a, km))
    return g


def pop_min(pq: list[tuple[int, str]]) -> tuple[int, str]:
    best = 0
    for i in range(1, len(pq)):
        if pq[i][0] < pq[best][0] or (pq[i][0] == pq[best][0] and pq[i][1] < pq[best][1]):
            best = i
    return pq.pop(best)


def dijkstra(g: dict[str, list[tuple[str, int]]], src: str) -> tuple[dict[str, int], dict[str, str]]:
    dist: dict[str, int] = {src: 0}
    prev: dict[str, str] = {}
    pq: list[tuple[int, str]] = [(0, src)]
    done: set[str] = set()
    pops = 0
    while pq:
        d, u = pop_min(pq)
        pops += 1
        if u in done:
            continue
        done.add(u)
        for v, w in g[u]:
            nd = d + w
            if v not in dist or nd < dist[v]:
                dist[v] = nd
                prev[v] = u
                pq.append((nd, v))
    print(f"  settled {len(done)} nodes with {pops} pops")
    return dist, prev


def path(prev: dict[str, str], src: str, dst: str) -> list[str]:
    out = [dst]
    while out[-1] != src:
        out.append(prev[out[-1]])
    out.reverse()
    return out


g = build(ROADS)
print("cities:", len(g), "roads:", sum(len(v) for v in g.values()) // 2)
for city in sorted(g):
    print(f"  {city:<10} -> {', '.join(n for n, k in g[city])}")
print("from amsterdam:")
dist, prev = dijkstra(g, "amsterdam")
for city in sorted(dist):
    print(f"  {city:<10}{dist[city]:>5} km  via {' > '.join(path(prev, 'amsterdam', city))}")
unreachable = sorted(set(g) - set(dist))
print("unreachable:", unreachable)
closed = [r for r in ROADS if not (r[0] == "leiden" and r[1] == "den_haag")]
print("closing leiden-den_haag:")
dist2, prev2 = dijkstra(build(closed), "amsterdam")
for city in sorted(dist2):
    if dist2[city] != dist[city]:
        print(f"  {city}: {dist[city]} -> {dist2[city]} km ({' > '.join(path(prev2, 'amsterdam', city))})")
far = ""
for city in dist2:
    if far == "" or dist2[city] > dist2[far]:
        far = city
print("farthest:", far, dist2[far])
try:
    print(path(prev2, "amsterdam", "zwolle"))
except KeyError as e:
    print("no route to", e)
