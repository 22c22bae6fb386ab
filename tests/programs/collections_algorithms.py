# collections, heapq and itertools together: BFS over a defaultdict graph with a deque, Dijkstra with heapq, word counts
from collections import defaultdict, Counter, deque
import heapq
import itertools

graph = defaultdict(list)
for a, b in [("a", "b"), ("b", "c"), ("a", "c"), ("c", "d")]:
    graph[a].append(b)
    graph[b].append(a)


def bfs(g: dict[str, list[str]], start: str) -> list[str]:
    seen = {start}
    q = deque([start])
    out = []
    while q:
        n = q.popleft()
        out.append(n)
        for m in g[n]:
            if m not in seen:
                seen.add(m)
                q.append(m)
    return out


print(bfs(graph, "a"))


def dijkstra(edges: list[tuple[str, str, int]], src: str) -> dict[str, int]:
    adj = defaultdict(list)
    for u, v, w in edges:
        adj[u].append((v, w))
    dist = {src: 0}
    pq = [(0, src)]
    while pq:
        d, u = heapq.heappop(pq)
        if d > dist.get(u, 10**9):
            continue
        for v, w in adj[u]:
            nd = d + w
            if nd < dist.get(v, 10**9):
                dist[v] = nd
                heapq.heappush(pq, (nd, v))
    return dist


print(dijkstra([("a", "b", 4), ("a", "c", 1), ("c", "b", 2), ("b", "d", 5)], "a"))
words = "a rose is a rose is a rose".split()
cnt = Counter(words)
for w, n in cnt.most_common():
    print(f"{w}: {n}")
top = heapq.nlargest(2, cnt.items(), key=lambda kv: kv[1])
print(top)
pairs = [(x, y) for x, y in itertools.combinations(sorted(cnt), 2)]
print(pairs)
