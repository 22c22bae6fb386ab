# BFS and DFS on a dict-of-lists directed graph: visit orders, shortest hop
# counts, recursive and iterative DFS, cycle detection with colours, and
# strongly-connected-ish reachability tables.
GRAPH: dict[str, list[str]] = {
    "a": ["b", "c"],
    "b": ["d", "e"],
    "c": ["f"],
    "d": [],
    "e": ["f", "g"],
    "f": ["h"],
    "g": ["h", "b"],
    "h": [],
    "x": ["y"],
    "y": ["x"],
}


def bfs(g: dict[str, list[str]], start: str) -> tuple[list[str], dict[str, int]]:
    order = [start]
    hops = {start: 0}
    queue = [start]
    head = 0
    while head < len(queue):
        u = queue[head]
        head += 1
        for v in g[u]:
            if v not in hops:
                hops[v] = hops[u] + 1
                order.append(v)
                queue.append(v)
    return order, hops


def dfs_rec(g: dict[str, list[str]], u: str, seen: set[str], order: list[str]) -> None:
    seen.add(u)
    order.append(u)
    for v in g[u]:
        if v not in seen:
            dfs_rec(g, v, seen, order)


def dfs_iter(g: dict[str, list[str]], start: str) -> list[str]:
    order: list[str] = []
    seen: set[str] = set()
    stack = [start]
    while stack:
        u = stack.pop()
        if u in seen:
            continue
        seen.add(u)
        order.append(u)
        for v in reversed(g[u]):
            if v not in seen:
                stack.append(v)
    return order


def find_cycle(g: dict[str, list[str]]) -> list[str]:
    colour = {u: 0 for u in g}
    parent: dict[str, str] = {}
    for root in sorted(g):
        if colour[root] != 0:
            continue
        stack = [(root, 0)]
        while stack:
            u, i = stack.pop()
            colour[u] = 1
            if i < len(g[u]):
                stack.append((u, i + 1))
                v = g[u][i]
                if colour[v] == 1:
                    cyc = [v, u]
                    while cyc[-1] != v:
                        cyc.append(parent[cyc[-1]])
                    cyc.reverse()
                    return cyc[:-1]
                if colour[v] == 0:
                    parent[v] = u
                    stack.append((v, 0))
            else:
                colour[u] = 2
    return []


order, hops = bfs(GRAPH, "a")
print("bfs order:", order)
print("hops:", sorted(hops.items()))
by_level: dict[int, list[str]] = {}
for node, h in hops.items():
    by_level.setdefault(h, []).append(node)
for level in sorted(by_level):
    print(f"  level {level}: {sorted(by_level[level])}")
rec: list[str] = []
dfs_rec(GRAPH, "a", set(), rec)
print("dfs recursive:", rec)
print("dfs iterative:", dfs_iter(GRAPH, "a"))
print("same order:", rec == dfs_iter(GRAPH, "a"))
print("cycle:", find_cycle(GRAPH))
acyclic = {u: [v for v in vs if not (u == "g" and v == "b")] for u, vs in GRAPH.items() if u not in ("x", "y")}
print("cycle after removing g->b:", find_cycle(acyclic))
for u in sorted(GRAPH):
    reach = sorted(bfs(GRAPH, u)[1])
    print(f"  {u} reaches {len(reach) - 1}: {''.join(reach)}")
indeg = {u: 0 for u in GRAPH}
for u in GRAPH:
    for v in GRAPH[u]:
        indeg[v] += 1
print("in-degrees:", indeg)
print("sources:", [u for u in GRAPH if indeg[u] == 0], "sinks:", [u for u in GRAPH if not GRAPH[u]])
