def play(a: int, b: int, rnd: int) -> int:
    x = (a * 7919 + b * 104729 + rnd * 31) % 97
    return a if x % 2 == 0 else b


def bracket(players: list[str]) -> str:
    ids = list(range(len(players)))
    rnd = 0
    while len(ids) > 1:
        rnd += 1
        nxt: list[int] = []
        for i in range(0, len(ids) - 1, 2):
            w = play(ids[i], ids[i + 1], rnd)
            print(f"round {rnd}: {players[ids[i]]} vs {players[ids[i + 1]]} -> {players[w]}")
            nxt.append(w)
        if len(ids) % 2 == 1:
            print(f"round {rnd}: {players[ids[-1]]} gets a bye")
            nxt.append(ids[-1])
        ids = nxt
    return players[ids[0]]


def round_robin(players: list[str]) -> list[tuple[str, int]]:
    wins = {p: 0 for p in players}
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            w = play(i, j, 0)
            wins[players[w]] += 1
    return sorted(wins.items(), key=lambda kv: (-kv[1], kv[0]))


def main() -> None:
    players = ["ann", "bob", "cy", "dee", "eve"]
    print("champion:", bracket(players))
    print(round_robin(players))


main()
