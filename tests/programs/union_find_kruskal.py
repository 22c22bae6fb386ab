# Union-find with path compression and union by size, used for connected
# components of a friendship list, Kruskal's minimum spanning tree, and
# counting redundant edges.
parent: list[int] = []
size: list[int] = []


def reset(n: int) -> None:
    global parent, size
    parent = list(range(n))
    size = [1] * n


def find(x: int) -> int:
    root = x
    while parent[root] != root:
        root = parent[root]
    while parent[x] != root:
        nxt = parent[x]
        parent[x] = root
        x = nxt
    return root


def union(a: int, b: int) -> bool:
    ra = find(a)
    rb = find(b)
    if ra == rb:
        return False
    if size[ra] < size[rb]:
        ra, rb = rb, ra
    parent[rb] = ra
    size[ra] += size[rb]
    return True


PEOPLE = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon"]
FRIENDS = [("ann", "bob"), ("cat", "dan"), ("bob", "dan"), ("eve", "fay"), ("gus", "gus"),
           ("hal", "ivy"), ("fay", "hal"), ("ann", "cat")]
index = {name: i for i, name in enumerate(PEOPLE)}
reset(len(PEOPLE))
for a, b in FRIENDS:
    merged = union(index[a], index[b])
    print(f"union {a}-{b}: {'merged' if merged else 'already joined'}; parents {parent}")
groups: dict[int, list[str]] = {}
for name in PEOPLE:
    groups.setdefault(find(index[name]), []).append(name)
print("groups:", sorted(groups.values()))
print("sizes:", sorted([size[r] for r in groups], reverse=True))
print("ann~eve:", find(index["ann"]) == find(index["eve"]), "eve~ivy:", find(index["eve"]) == find(index["ivy"]))

EDGES = [(7, 0, 1), (5, 0, 3), (8, 1, 2), (9, 1, 3), (7, 1, 4), (5, 2, 4), (15, 3, 4),
         (6, 3, 5), (8, 4, 5), (9, 4, 6), (11, 5, 6)]
reset(7)
mst: list[tuple[int, int, int]] = []
total = 0
skipped = 0
for w, u, v in sorted(EDGES):
    if union(u, v):
        mst.append((u, v, w))
        total += w
        print(f"take {chr(65 + u)}{chr(65 + v)} ({w}) total {total}")
    else:
        skipped += 1
        print(f"skip {chr(65 + u)}{chr(65 + v)} ({w}): would close a cycle")
print("mst edges:", len(mst), "weight:", total, "skipped:", skipped)
print("spanning:", len({find(i) for i in range(7)}) == 1)
degree = [0] * 7
for u, v, w in mst:
    degree[u] += 1
    degree[v] += 1
print("degrees:", degree, "leaves:", [chr(65 + i) for i in range(7) if degree[i] == 1])
reset(6)
redundant = [(a, b) for a, b in [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (0, 3)] if not union(a, b)]
print("redundant:", redundant, "components:", len(set(find(i) for i in range(6))))
