# Graph algorithms with sets and dicts: BFS distances, connected components,
# topological sort (Kahn), reachability, and a bipartite check.
edges = [(1, 2), (2, 3), (3, 1), (4, 5), (6, 7), (7, 8), (8, 6), (5, 9), (10, 10)]
graph = {}
for a, b in edges:
    graph.setdefault(a, set()).add(b)
    graph.setdefault(b, set()).add(a)
print(sorted(graph), {k: sorted(v) for k, v in sorted(graph.items())})


def bfs(start):
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for node in frontier:
            for nb in sorted(graph[node]):
                if nb not in dist:
                    dist[nb] = dist[node] + 1
                    nxt.append(nb)
        frontier = nxt
    return dist


print(bfs(1), bfs(4))
seen = set()
components = []
for node in sorted(graph):
    if node in seen:
        continue
    comp = set(bfs(node))
    seen |= comp
    components.append(sorted(comp))
print(components, len(seen))
deps = {"app": {"lib", "utils"}, "lib": {"core"}, "utils": {"core", "log"}, "core": set(), "log": set()}
indegree = {n: 0 for n in deps}
for n, ds in deps.items():
    for d in ds:
        indegree[n] += 1
users = {n: {m for m in deps if n in deps[m]} for n in deps}
ready = sorted(n for n, k in indegree.items() if k == 0)
order = []
while ready:
    n = ready.pop(0)
    order.append(n)
    for m in sorted(users[n]):
        indegree[m] -= 1
        if indegree[m] == 0:
            ready.append(m)
    ready.sort()
print(order)
reach = {n: set() for n in deps}
changed = True
while changed:
    changed = False
    for n in deps:
        new = set(deps[n])
        for d in deps[n]:
            new |= reach[d]
        if new != reach[n]:
            reach[n] = new
            changed = True
print({n: sorted(r) for n, r in sorted(reach.items())})


def bipartite(nodes):
    color = {}
    for s in nodes:
        if s in color:
            continue
        color[s] = 0
        stack = [s]
        while stack:
            u = stack.pop()
            for v in graph[u]:
                if v not in color:
                    color[v] = 1 - color[u]
                    stack.append(v)
                elif color[v] == color[u]:
                    return False
    return True


print(bipartite([4, 5, 9]), bipartite([1, 2, 3]))
all_nodes = frozenset(graph)
isolated = all_nodes - {n for e in edges for n in e if e[0] != e[1]}
print(sorted(isolated), all_nodes.issuperset({1, 10}), len(all_nodes))
