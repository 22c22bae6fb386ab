# Build-order planning: Kahn's topological sort with a sorted ready list,
# critical-path length by DP over the order, DFS-based order for comparison,
# and a cycle reported with a user exception.
class CycleError(Exception):
    pass


TASKS = {
    "fetch": ([], 2), "configure": (["fetch"], 1), "compile_rt": (["configure"], 5),
    "compile_cc": (["configure"], 7), "link": (["compile_rt", "compile_cc"], 2),
    "docs": (["fetch"], 3), "test": (["link"], 6), "package": (["link", "docs"], 1),
    "release": (["test", "package"], 1),
}


def kahn(deps: dict[str, list[str]]) -> list[str]:
    indeg = {t: len(d) for t, d in deps.items()}
    users: dict[str, list[str]] = {t: [] for t in deps}
    for t, ds in deps.items():
        for d in ds:
            if d not in deps:
                raise KeyError(f"{t} depends on unknown task {d}")
            users[d].append(t)
    ready = sorted(t for t in deps if indeg[t] == 0)
    order: list[str] = []
    while ready:
        t = ready.pop(0)
        order.append(t)
        for u in users[t]:
            indeg[u] -= 1
            if indeg[u] == 0:
                ready.append(u)
                ready.sort()
    if len(order) != len(deps):
        stuck = sorted(t for t in deps if indeg[t] > 0)
        raise CycleError("cycle among: " + ", ".join(stuck))
    return order


def dfs_order(deps: dict[str, list[str]]) -> list[str]:
    out: list[str] = []
    state: dict[str, int] = {}
    for root in sorted(deps):
        stack = [(root, 0)]
        while stack:
            t, i = stack.pop()
            if i == 0:
                if state.get(t, 0) == 2:
                    continue
                state[t] = 1
            if i < len(deps[t]):
                stack.append((t, i + 1))
                d = deps[t][i]
                if state.get(d, 0) == 0:
                    stack.append((d, 0))
            else:
                state[t] = 2
                out.append(t)
    return out


deps = {t: v[0] for t, v in TASKS.items()}
cost = {t: v[1] for t, v in TASKS.items()}
order = kahn(deps)
print("kahn order:", " -> ".join(order))
finish: dict[str, int] = {}
via: dict[str, str] = {}
for t in order:
    start = 0
    for d in deps[t]:
        if finish[d] > start:
            start = finish[d]
            via[t] = d
    finish[t] = start + cost[t]
    print(f"  {t:<11} start {start:2d} finish {finish[t]:2d}")
chain = ["release"]
while chain[-1] in via:
    chain.append(via[chain[-1]])
print("critical path:", " <- ".join(chain), "length", finish["release"], "of", sum(cost.values()))
d_order = dfs_order(deps)
print("dfs order:", d_order)
pos = {t: i for i, t in enumerate(d_order)}
print("dfs order valid:", all(pos[d] < pos[t] for t in deps for d in deps[t]))
deps["fetch"] = ["release"]
try:
    kahn(deps)
except CycleError as e:
    print("error:", e)
deps["fetch"] = ["mirror"]
try:
    kahn(deps)
except KeyError as e:
    print("error:", e)
deps["fetch"] = []
deps["configure"] = ["fetch", "configure"]
print(kahn({"a": ["b"], "b": [], "c": ["a", "b"]}))
print(kahn(deps))
