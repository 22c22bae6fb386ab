GRAPH = {
    "a": ["b", "c"],
    "b": ["d"],
    "c": ["d", "e"],
    "d": ["f"],
    "e": ["f", "g"],
    "f": [],
    "g": ["a"],
}


def bfs_levels(start: str):
    seen = {start}
    level = [start]
    depth = 0
    while level:
        yield depth, sorted(level)
        nxt: list[str] = []
        for node in level:
            for n in GRAPH[node]:
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        level = nxt
        depth += 1


def dfs(node: str, seen: set[str]):
    if node in seen:
        return
    seen.add(node)
    yield node
    for n in GRAPH[node]:
        yield from dfs(n, seen)


def main() -> None:
    for d, nodes in bfs_levels("a"):
        print(d, nodes)
    print(list(dfs("a", set())))
    print(list(dfs("e", set())))
    print(max(d for d, _ in bfs_levels("c")))


main()
